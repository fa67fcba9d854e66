import type { CustomerCatalogue } from './en.js';

/** French (fr): every customer-facing message; see en.ts for the format. */
export const fr: CustomerCatalogue = {
  pageTitle: 'Payer {business}',
  skipToPayment: 'Aller au paiement',
  testMode: 'Paiement de test : n’envoyez que des jetons de test, ils n’ont aucune valeur.',
  paymentReference: 'Référence du paiement',
  footerNote: 'Paiement non dépositaire : vos fonds sont envoyés directement au portefeuille du commerçant.',
  refreshStatus: 'Actualiser le statut',
  noScriptRefresh: 'Cette page s’actualise automatiquement toutes les 15 secondes.',
  languageLabel: 'Langue',
  languageChange: 'Modifier',

  pickHeading: 'Choisissez votre moyen de paiement',
  pickLegend: 'Cryptomonnaie et réseau',
  pickHint:
    'Les montants suivent le cours actuel ; le montant est figé lorsque vous continuez et garanti pendant le délai de paiement.',
  pickOption: '{coin} sur {network}',
  pickRate: '1 {coin} = {rate} {fiat}',
  pickContinue: 'Continuer vers le paiement',
  pickNoOptions:
    'Aucune cryptomonnaie ne peut être utilisée pour ce paiement pour le moment. Veuillez contacter le commerçant.',
  pickDeadline: 'Choisissez avant le',
  pickRequired: 'Choisissez d’abord une cryptomonnaie et un réseau.',

  payHeading: 'Envoyez le paiement',
  payAwaiting: 'En attente de votre paiement.',
  payNetwork: 'Réseau',
  payAddress: 'Adresse de dépôt',
  payMemo: 'Mémo, tag ou référence (obligatoire)',
  'payMemoOf.xrp': 'Tag de destination (obligatoire)',
  'payMemoOf.stellar': 'Mémo (ID, obligatoire)',
  'payMemoOf.solana': 'Référence Solana Pay',
  'payMemoHint.xrp':
    'Sans ce tag de destination, votre paiement ne pourra pas être associé à cette commande.',
  'payMemoHint.stellar':
    'Choisissez le type de mémo ID. Sans ce mémo, votre paiement ne pourra pas être associé à cette commande.',
  'payMemoHint.solana':
    'Payez avec un portefeuille compatible Solana Pay (scannez le code QR ou utilisez « Ouvrir dans le portefeuille ») : il ajoute cette référence. Un simple transfert vers l’adresse ne pourra pas être associé à cette commande.',
  payAlternate: 'Ou cette adresse unique, tag inclus',
  payAlternateHint:
    'Pour les portefeuilles qui l’acceptent : elle contient le tag, aucun tag ni mémo séparé n’est donc nécessaire.',
  payAmount: 'Montant',
  payAmountDue: 'Montant restant dû',
  exactAmount: 'Montant exact : {amount} {coin}',
  payRounded:
    '≈ arrondi au supérieur pour faciliter la lecture : envoyer ce montant règle la totalité. « Copier », le code QR et « Ouvrir dans le portefeuille » donnent le montant exact.',
  payAtLeast:
    'Envoyez au moins le montant affiché, ou copiez le montant exact. Si votre portefeuille déduit les frais de réseau du montant, ajoutez-les en plus.',
  payExactly:
    'Envoyez exactement ce montant. Si votre portefeuille déduit les frais de réseau du montant, ajoutez-les en plus.',
  copy: 'Copier',
  'copyWhat.amount': 'Copier le montant',
  'copyWhat.amountDue': 'Copier le montant restant dû',
  'copyWhat.address': 'Copier l’adresse de dépôt',
  'copyWhat.memo': 'Copier le mémo ou le tag',
  'copyWhat.alternate': 'Copier l’adresse avec tag',
  'copyWhat.contract': 'Copier le contrat du jeton',
  copied: 'Copié',
  copyFailed: 'Échec de la copie ; sélectionnez plutôt le texte',
  qrAlt: 'Code QR de la demande de paiement : {amount} {coin} vers {address}',
  openInWallet: 'Ouvrir dans le portefeuille',
  payTokenContract: 'Contrat du jeton',
  payWithBrowserWallet: 'Payer avec le portefeuille du navigateur',
  signWithoutGas: 'Signer plutôt (sans frais de réseau)',
  browserWalletHint:
    'Le portefeuille de votre navigateur vous demande de confirmer ; il passe d’abord sur le bon réseau, en l’ajoutant si nécessaire. Si vous signez plutôt, le commerçant paie les frais de réseau.',
  chooseWallet: 'Choisissez votre portefeuille',
  walletWorking: 'En attente de votre portefeuille…',
  walletSent: 'Envoyé. Cette page se mettra à jour dès que le paiement sera visible sur le réseau.',
  walletFailed: 'Votre portefeuille n’a pas effectué le paiement : {reason}',
  walletDeclined: 'Vous avez refusé dans votre portefeuille : rien n’a été envoyé. Vous pouvez réessayer.',
  walletLacksChain:
    'Votre portefeuille ne connaît pas le réseau {network} : ajoutez-le dans votre portefeuille, puis réessayez.',
  testWalletButton: 'Payer avec un portefeuille de test',
  testWalletHint:
    'Chaîne de développement locale : son compte de test approvisionné envoie exactement le montant dû. Aucun argent réel.',
  testWalletUnavailable:
    'Le portefeuille de test ne règle que les paiements en cours sur la chaîne de développement locale.',
  timeLeft: 'Temps restant',
  payBy: 'Payez avant le {deadline}.',
  timeUp: 'Temps écoulé',
  networkWarning:
    'Envoyez uniquement des {coin} sur le réseau {network} à cette adresse. Toute autre cryptomonnaie, ou tout {coin} envoyé sur un autre réseau, sera perdu.',
  cancelLink: 'Annuler le paiement',

  cancelHeading: 'Annuler ce paiement ?',
  cancelWarning:
    'Si vous avez déjà envoyé des fonds, n’annulez pas : attendez que le paiement soit détecté. Un paiement annulé ne peut plus être réglé.',
  cancelConfirm: 'Oui, annuler le paiement',
  cancelBack: 'Non, revenir au paiement',

  detectedHeading: 'Paiement détecté',
  confirmingHeading: 'Paiement en cours de confirmation',
  detectedBody:
    'Votre transaction a été détectée sur le réseau. Gardez cette page ouverte ou revenez plus tard.',
  confirmationProgress:
    'Confirmation : {done} sur {needed, plural, one {# bloc} many {# de blocs} other {# blocs}}',
  transactions: 'Transactions',
  transactionLine:
    '{amount} {coin}, {confirmations, plural, one {# confirmation} many {# de confirmations} other {# confirmations}}',
  transactionRemoved: '{amount} {coin}, invalidée (n’est plus prise en compte)',
  received: 'Reçu : {received} sur {total} {coin}.',

  confirmedHeading: 'Paiement confirmé',
  confirmedBody: 'Merci. {business} a bien reçu votre paiement.',
  overpaidNote:
    'Vous avez envoyé {excess} {coin} de plus que nécessaire. Contactez le commerçant au sujet de la différence.',
  redirecting: 'Retour vers {business}…',
  returnToMerchant: 'Revenir à {business}',

  underpaidHeading: 'Partiellement payé',
  underpaidBody:
    'Il manque {due} {coin} pour compléter le paiement. Envoyez le reste avant la fin du délai, ou demandez le remboursement de ce que vous avez envoyé.',
  remainderHeading: 'Payer le reste',
  remainderQrAlt: 'Code QR d’une demande de paiement pour le reste : {amount} {coin} vers {address}',

  refundHeading: 'Demander un remboursement',
  refundIntro:
    'Le commerçant vous renvoie ce que vous avez payé. Indiquez une adresse vous appartenant sur le réseau {network}.',
  refundLabel: 'Votre adresse {network} pour le remboursement',
  refundHint:
    'Collez-la depuis l’écran « Recevoir » de votre portefeuille. Les adresses de dépôt des plateformes d’échange peuvent ne pas créditer les remboursements.',
  refundSubmit: 'Demander le remboursement',
  refundRequestedHeading: 'Remboursement demandé',
  refundRequestedBody:
    'La demande de renvoi de vos fonds à {address} a été transmise à {business}. Le commerçant effectue les remboursements manuellement ; cela peut prendre un certain temps.',
  refundedHeading: 'Remboursé',
  refundedBody: '{business} a envoyé votre remboursement.',
  refundTransaction: 'Transaction de remboursement',

  expiredHeading: 'Paiement expiré',
  expiredBody:
    'Le délai de paiement est écoulé. N’envoyez plus de fonds à cette adresse. Si vous l’avez déjà fait, contactez le commerçant en indiquant la référence du paiement.',
  expiredUnderpaidHeading: 'Expiré, partiellement payé',
  expiredUnderpaidBody:
    'Le délai a expiré après la réception de {received} {coin}. Demandez un remboursement ci-dessous ou contactez le commerçant.',
  expiredReorgedHeading: 'Paiement invalidé',
  expiredReorgedBody:
    'Une réorganisation de la blockchain a supprimé votre transaction après la clôture du délai de paiement ; le paiement n’est donc pas complet. Contactez le commerçant en indiquant la référence du paiement.',
  cancelledHeading: 'Paiement annulé',
  cancelledByCustomer: 'Vous avez annulé ce paiement. N’envoyez pas de fonds à son adresse.',
  cancelledByMerchant: 'Le commerçant a annulé ce paiement. N’envoyez pas de fonds à son adresse.',
  receivedAfterClose:
    'Un montant de {amount} {coin} est arrivé après la clôture de ce paiement. Il ne règle pas la commande ; le commerçant peut vous le renvoyer.',
  seenAfterClose:
    'Une transaction vers l’adresse de ce paiement a été détectée après sa clôture. Dès qu’elle aura {confirmations, plural, one {# confirmation} many {# de confirmations} other {# confirmations}}, vous pourrez en demander le renvoi ici.',
  afterCloseAddressOnRecord:
    'L’adresse de remboursement que vous avez indiquée précédemment à {business}, {address}, est enregistrée ; demandez au commerçant de renvoyer les fonds à cette adresse.',
  afterCloseRefundRequested:
    'La demande de renvoi des fonds à {address} a été transmise à {business}. Le commerçant effectue les remboursements manuellement ; cela peut prendre un certain temps.',
  refundsSent: 'Remboursements envoyés',
  failedHeading: 'Échec du paiement',
  failedBody: 'Le paiement n’a pas pu aboutir ({reason}). Aucun fonds n’a été prélevé.',
  'failureReasons.insufficient_balance': 'le solde était insuffisant',
  'failureReasons.estimate_revert': 'la transaction aurait échoué',
  'failureReasons.settlement_reverted': 'la transaction a été annulée sur la blockchain',
  failureUnknown: 'raison inconnue',
  pendingStatus: 'En attente de votre choix.',

  linkPay: 'Payer',
  linkHint: 'Vous choisirez la cryptomonnaie et le réseau à la page suivante.',
  linkNotFoundTitle: 'Lien de paiement introuvable',
  linkNotFoundBody:
    'Aucun lien de paiement n’existe à cette adresse. Vérifiez le lien qui vous a été communiqué.',
  linkInactiveTitle: 'Ce lien de paiement n’est plus actif',
  linkInactiveBody: 'Le commerçant n’accepte plus de paiements via ce lien. Demandez-lui-en un nouveau.',
  linkSoldOutTitle: 'Épuisé',
  linkSoldOutBody:
    'Ce lien de paiement a atteint sa limite. Une place peut se libérer si un paiement en cours expire sans être réglé ; sinon, contactez le commerçant.',
  linkUnavailableTitle: 'Les paiements sont impossibles pour le moment',
  linkUnavailableBody:
    'Ce commerçant ne peut pas accepter de paiement via ce lien pour le moment. Veuillez réessayer plus tard ou contacter le commerçant.',

  invoiceTitle: 'Facture {number}',
  invoiceFrom: 'De',
  invoiceTo: 'À',
  invoiceDue: 'Échéance',
  invoiceOverdue: 'En retard',
  invoiceItem: 'Article',
  invoiceQuantity: 'Quantité',
  invoiceUnitPrice: 'Prix unitaire',
  invoiceAmount: 'Montant',
  invoiceTotal: 'Total',
  invoicePay: 'Payer',
  invoicePayHint: 'Vous choisirez la cryptomonnaie et le réseau à la page suivante.',
  invoicePrint: 'Version imprimable',
  invoiceBack: 'Retour à la facture',
  invoicePaidTitle: 'Payée',
  invoicePaidBody: 'Cette facture a été payée le {date}. Merci.',
  invoiceRefundedTitle: 'Remboursée',
  invoiceRefundedBody: 'Le paiement de cette facture a été remboursé.',
  invoiceVoidTitle: 'Cette facture est annulée',
  invoiceVoidBody: 'Le commerçant a annulé cette facture. Aucun montant n’est dû.',
  invoiceNotFoundTitle: 'Facture introuvable',
  invoiceNotFoundBody:
    'Aucune facture n’existe à cette adresse. Vérifiez le lien figurant dans votre e-mail.',
  invoiceUnavailableTitle: 'Le paiement est impossible pour le moment',
  invoiceUnavailableBody:
    'Cette facture ne peut pas être payée en ligne pour le moment. Veuillez réessayer plus tard ou contacter le commerçant.',

  notFoundTitle: 'Paiement introuvable',
  notFoundBody:
    'Aucun paiement n’existe à cette adresse. Vérifiez le lien qui vous a été communiqué ou demandez-en un nouveau au commerçant.',
  rateLimitedTitle: 'Trop de tentatives',
  rateLimitedBody:
    'Veuillez patienter {seconds, plural, one {# seconde} many {# de secondes} other {# secondes}} et réessayer.',
  errorTitle: 'Une erreur s’est produite',
  errorBody: 'La page n’a pas pu s’afficher. Veuillez réessayer dans un instant.',
  badRequestBody: 'Le formulaire n’a pas pu être lu. Revenez en arrière et réessayez.',
  unavailableTitle: 'Temporairement indisponible',
  unavailableBody:
    'Le service de paiement est injoignable pour le moment. Veuillez réessayer dans quelques secondes. Si vous avez déjà envoyé votre paiement, il n’est pas perdu : il s’affichera ici dès que le service sera rétabli.',
  tryAgain: 'Réessayer',
  backToPayment: 'Retour au paiement',
  noticeHeading: 'Information',
  noticeRefundAddressInvalid:
    'Ce n’est pas une adresse {network} valide. Copiez à nouveau votre adresse depuis l’écran Recevoir de votre portefeuille.',
  noticeOptionUnavailable:
    'Cette option n’est pas disponible pour le moment. Choisissez-en une autre ou réessayez dans quelques minutes.',
  noticeNotPossibleNow: 'Cette action n’est plus possible pour ce paiement : la page indique où il en est.',

  mailGreeting: 'Bonjour,',
  mailGreetingNamed: 'Bonjour {name},',
  mailInvoiceSubject: 'Facture {number} de {business} : {amount}',
  mailInvoiceIntro:
    '{business} vous a envoyé la facture {number} d’un montant de {amount}, payable au plus tard le {dueDate}.',
  mailInvoiceHow:
    'Ouvrez-la pour en voir le détail et la payer en cryptomonnaie depuis votre propre portefeuille.',
  mailInvoiceLink: 'Voir et payer la facture',
  mailReminderSubject: 'Rappel : facture {number} de {business}',
  mailReminderSubjectOverdue: 'Rappel : la facture {number} de {business} est en retard de paiement',
  mailReminderTitle: 'Rappel : facture {number}',
  mailReminderDue:
    'Un rappel de {business} : la facture {number} d’un montant de {amount} est payable au plus tard le {dueDate}.',
  mailReminderOverdue:
    'Un rappel de {business} : la facture {number} d’un montant de {amount} était payable au plus tard le {dueDate} et n’est toujours pas réglée.',
  mailReminderIgnore: 'Si vous l’avez déjà payée, vous pouvez ignorer ce message.',
};
