import type { CustomerCatalogue } from './en.js';

/** Italian (it): every customer-facing message; see en.ts for the format. */
export const it: CustomerCatalogue = {
  pageTitle: 'Pagamento a {business}',
  skipToPayment: 'Vai al pagamento',
  testMode: 'Pagamento di prova: invii solo monete di prova, che non hanno alcun valore.',
  paymentReference: 'Riferimento del pagamento',
  footerNote: 'Checkout senza custodia: le sue criptovalute arrivano direttamente nel wallet dell’esercente.',
  refreshStatus: 'Aggiorna stato',
  noScriptRefresh: 'Questa pagina si aggiorna automaticamente ogni 15 secondi.',
  languageLabel: 'Lingua',
  languageChange: 'Cambia',

  pickHeading: 'Scelga come pagare',
  pickLegend: 'Criptovaluta e rete',
  pickHint:
    'Gli importi seguono il tasso di cambio attuale; l’importo viene bloccato quando prosegue e resta valido per tutta la finestra di pagamento.',
  pickOption: '{coin} su {network}',
  pickRate: '1 {coin} = {rate} {fiat}',
  pickContinue: 'Procedi al pagamento',
  pickNoOptions:
    'Al momento nessuna criptovaluta può essere usata per questo pagamento. Contatti l’esercente.',
  pickDeadline: 'Scelga entro il',
  pickRequired: 'Scelga prima una criptovaluta e una rete.',

  payHeading: 'Invii il pagamento',
  payAwaiting: 'In attesa del suo pagamento.',
  payNetwork: 'Rete',
  payAddress: 'Indirizzo di deposito',
  payMemo: 'Memo, tag o riferimento (obbligatorio)',
  'payMemoOf.xrp': 'Tag di destinazione (obbligatorio)',
  'payMemoOf.stellar': 'Memo (ID, obbligatorio)',
  'payMemoOf.solana': 'Riferimento Solana Pay',
  'payMemoHint.xrp':
    'Senza questo tag di destinazione il suo pagamento non può essere associato a questo ordine.',
  'payMemoHint.stellar':
    'Scelga il tipo di memo ID. Senza questo memo il suo pagamento non può essere associato a questo ordine.',
  'payMemoHint.solana':
    'Paghi con un wallet compatibile con Solana Pay (scansioni il codice QR o usi «Apri nel wallet»): il wallet aggiunge questo riferimento. Un semplice trasferimento all’indirizzo non può essere associato a questo ordine.',
  payAlternate: 'Oppure questo indirizzo unico, tag incluso',
  payAlternateHint:
    'Per i wallet che lo supportano: contiene già il tag, quindi non serve indicare un tag o un memo separato.',
  payAmount: 'Importo',
  payAmountDue: 'Importo ancora dovuto',
  exactAmount: 'Importo esatto: {amount} {coin}',
  payRounded:
    '≈ arrotondato per eccesso per facilitarne la lettura: inviandolo, il pagamento è completo. «Copia», il codice QR e «Apri nel wallet» forniscono l’importo esatto.',
  payAtLeast:
    'Invii almeno l’importo indicato oppure copi quello esatto. Se il suo wallet detrae la commissione di rete dall’importo, aggiunga la commissione.',
  payExactly:
    'Invii esattamente questo importo. Se il suo wallet detrae la commissione di rete dall’importo, aggiunga la commissione.',
  copy: 'Copia',
  'copyWhat.amount': 'Copia importo',
  'copyWhat.amountDue': 'Copia importo ancora dovuto',
  'copyWhat.address': 'Copia indirizzo di deposito',
  'copyWhat.memo': 'Copia memo o tag',
  'copyWhat.alternate': 'Copia indirizzo con tag',
  'copyWhat.contract': 'Copia contratto del token',
  copied: 'Copiato',
  copyFailed: 'Copia non riuscita; selezioni il testo manualmente',
  qrAlt: 'Codice QR della richiesta di pagamento: {amount} {coin} a {address}',
  openInWallet: 'Apri nel wallet',
  payTokenContract: 'Contratto del token',
  payWithBrowserWallet: 'Paga con il wallet del browser',
  signWithoutGas: 'Oppure firma (senza commissione di rete)',
  browserWalletHint:
    'Il wallet del browser le chiederà una conferma; prima passa alla rete corretta, aggiungendola se non è presente. Se sceglie di firmare, la commissione di rete viene pagata dall’esercente.',
  chooseWallet: 'Scelga il suo wallet',
  walletWorking: 'In attesa del wallet…',
  walletSent: 'Inviato. Questa pagina si aggiornerà quando il pagamento sarà rilevato sulla rete.',
  walletFailed: 'Il wallet non ha effettuato il pagamento: {reason}',
  walletDeclined: 'Ha rifiutato l’operazione nel wallet: non è stato inviato nulla. Può riprovare.',
  walletLacksChain: 'Il suo wallet non riconosce la rete {network}: la aggiunga nel wallet e riprovi.',
  testWalletButton: 'Paga con un wallet di prova',
  testWalletHint:
    'Catena di sviluppo locale: l’account di prova finanziato invia esattamente l’importo dovuto. Nessun denaro reale.',
  testWalletUnavailable: 'Il wallet di prova paga solo i pagamenti aperti sulla catena di sviluppo locale.',
  timeLeft: 'Tempo rimanente',
  payBy: 'Paghi entro il {deadline}.',
  timeUp: 'Tempo scaduto',
  networkWarning:
    'Invii a questo indirizzo solo {coin} sulla rete {network}. Qualsiasi altra criptovaluta, o qualsiasi {coin} inviato su un’altra rete, andrà perso.',
  cancelLink: 'Annulla pagamento',

  cancelHeading: 'Annullare questo pagamento?',
  cancelWarning:
    'Se ha già inviato delle monete, non annulli: attenda che il pagamento venga rilevato. Un pagamento annullato non può più essere pagato.',
  cancelConfirm: 'Sì, annulla il pagamento',
  cancelBack: 'No, torna al pagamento',

  detectedHeading: 'Pagamento rilevato',
  confirmingHeading: 'Pagamento in conferma',
  detectedBody:
    'La sua transazione è stata rilevata sulla rete. Tenga aperta questa pagina o torni più tardi.',
  confirmationProgress: 'Conferma in corso: {done} di {needed, plural, one {# blocco} other {# blocchi}}',
  transactions: 'Transazioni',
  transactionLine: '{amount} {coin}, {confirmations, plural, one {# conferma} other {# conferme}}',
  transactionRemoved: '{amount} {coin}, invalidata (non più conteggiata)',
  received: 'Ricevuto: {received} di {total} {coin}.',

  confirmedHeading: 'Pagamento confermato',
  confirmedBody: 'Grazie. {business} ha ricevuto il suo pagamento.',
  overpaidNote: 'Ha inviato {excess} {coin} in più del necessario. Contatti l’esercente per la differenza.',
  redirecting: 'Ritorno a {business} in corso…',
  returnToMerchant: 'Torna a {business}',

  underpaidHeading: 'Pagato in parte',
  underpaidBody:
    'Mancano {due} {coin} al pagamento completo. Invii il resto prima che scada il tempo, oppure richieda il rimborso di quanto ha inviato.',
  remainderHeading: 'Paghi il resto',
  remainderQrAlt: 'Codice QR di una richiesta di pagamento per il resto: {amount} {coin} a {address}',

  refundHeading: 'Richiesta di rimborso',
  refundIntro: 'L’esercente le restituirà quanto ha pagato. Indichi un suo indirizzo sulla rete {network}.',
  refundLabel: 'Il suo indirizzo {network} per il rimborso',
  refundHint:
    'Lo incolli dalla schermata «Ricevi» del suo wallet. Gli indirizzi di deposito degli exchange potrebbero non accreditare i rimborsi.',
  refundSubmit: 'Richiedi rimborso',
  refundRequestedHeading: 'Rimborso richiesto',
  refundRequestedBody:
    'È stato chiesto a {business} di restituire le sue monete a {address}. L’esercente invia i rimborsi manualmente; potrebbe volerci un po’ di tempo.',
  refundedHeading: 'Rimborsato',
  refundedBody: '{business} ha inviato il suo rimborso.',
  refundTransaction: 'Transazione di rimborso',

  expiredHeading: 'Pagamento scaduto',
  expiredBody:
    'Il tempo per pagare è scaduto. Non invii più monete a questo indirizzo. Se lo ha già fatto, contatti l’esercente indicando il riferimento del pagamento.',
  expiredUnderpaidHeading: 'Scaduto, pagato in parte',
  expiredUnderpaidBody:
    'Il tempo è scaduto dopo la ricezione di {received} {coin}. Richieda un rimborso qui sotto o contatti l’esercente.',
  expiredReorgedHeading: 'Pagamento invalidato',
  expiredReorgedBody:
    'Una riorganizzazione della blockchain ha rimosso la sua transazione dopo la chiusura della finestra di pagamento, quindi il pagamento non è completo. Contatti l’esercente indicando il riferimento del pagamento.',
  cancelledHeading: 'Pagamento annullato',
  cancelledByCustomer: 'Ha annullato questo pagamento. Non invii monete all’indirizzo di questo pagamento.',
  cancelledByMerchant:
    'L’esercente ha annullato questo pagamento. Non invii monete all’indirizzo di questo pagamento.',
  receivedAfterClose:
    'Un importo di {amount} {coin} è arrivato dopo la chiusura di questo pagamento. Non vale come pagamento dell’ordine; l’esercente può restituirlo.',
  seenAfterClose:
    'È stata rilevata una transazione verso l’indirizzo di questo pagamento dopo la sua chiusura. Quando avrà {confirmations, plural, one {# conferma} other {# conferme}}, potrà richiederne qui la restituzione.',
  afterCloseAddressOnRecord:
    'L’indirizzo di rimborso che ha fornito in precedenza a {business}, {address}, è registrato; chieda all’esercente di restituire l’importo a quell’indirizzo.',
  afterCloseRefundRequested:
    'È stato chiesto a {business} di restituire l’importo a {address}. L’esercente invia i rimborsi manualmente; potrebbe volerci un po’ di tempo.',
  refundsSent: 'Rimborsi inviati',
  failedHeading: 'Pagamento non riuscito',
  failedBody: 'Non è stato possibile completare il pagamento ({reason}). Non è stato addebitato nulla.',
  'failureReasons.insufficient_balance': 'il saldo era insufficiente',
  'failureReasons.estimate_revert': 'la transazione non sarebbe andata a buon fine',
  'failureReasons.settlement_reverted': 'la transazione è stata annullata sulla blockchain',
  failureUnknown: 'motivo sconosciuto',
  pendingStatus: 'In attesa della sua scelta.',

  linkPay: 'Paga',
  linkHint: 'Sceglierà la criptovaluta e la rete nella pagina successiva.',
  linkNotFoundTitle: 'Link di pagamento non trovato',
  linkNotFoundBody:
    'Non esiste alcun link di pagamento a questo indirizzo. Controlli il link che ha ricevuto.',
  linkInactiveTitle: 'Questo link di pagamento non è più attivo',
  linkInactiveBody: 'L’esercente non accetta più pagamenti tramite questo link. Gliene chieda uno nuovo.',
  linkSoldOutTitle: 'Esaurito',
  linkSoldOutBody:
    'Questo link di pagamento ha raggiunto il suo limite. Un posto potrebbe liberarsi se un pagamento aperto scade senza essere saldato; altrimenti si rivolga all’esercente.',
  linkUnavailableTitle: 'Al momento non è possibile pagare',
  linkUnavailableBody:
    'Al momento questo esercente non può accettare pagamenti tramite questo link. Riprovi più tardi o contatti l’esercente.',

  invoiceTitle: 'Fattura {number}',
  invoiceFrom: 'Da',
  invoiceTo: 'A',
  invoiceDue: 'Scadenza',
  invoiceOverdue: 'Scaduta',
  invoiceItem: 'Articolo',
  invoiceQuantity: 'Quantità',
  invoiceUnitPrice: 'Prezzo unitario',
  invoiceAmount: 'Importo',
  invoiceTotal: 'Totale',
  invoicePay: 'Paga',
  invoicePayHint: 'Sceglierà la criptovaluta e la rete nella pagina successiva.',
  invoicePrint: 'Versione stampabile',
  invoiceBack: 'Torna alla fattura',
  invoicePaidTitle: 'Pagata',
  invoicePaidBody: 'Questa fattura è stata pagata il {date}. Grazie.',
  invoiceRefundedTitle: 'Rimborsata',
  invoiceRefundedBody: 'Il pagamento di questa fattura è stato rimborsato.',
  invoiceVoidTitle: 'Questa fattura è stata annullata',
  invoiceVoidBody: 'L’esercente ha annullato questa fattura. Non è dovuto alcun importo.',
  invoiceNotFoundTitle: 'Fattura non trovata',
  invoiceNotFoundBody: 'Non esiste alcuna fattura a questo indirizzo. Controlli il link nella sua email.',
  invoiceUnavailableTitle: 'Al momento non è possibile pagare',
  invoiceUnavailableBody:
    'Al momento questa fattura non può essere pagata online. Riprovi più tardi o contatti l’esercente.',

  notFoundTitle: 'Pagamento non trovato',
  notFoundBody:
    'Non esiste alcun pagamento a questo indirizzo. Controlli il link che ha ricevuto o ne chieda uno nuovo all’esercente.',
  rateLimitedTitle: 'Troppi tentativi',
  rateLimitedBody: 'Attenda {seconds, plural, one {# secondo} other {# secondi}} e riprovi.',
  errorTitle: 'Si è verificato un errore',
  errorBody: 'Non è stato possibile visualizzare la pagina. Riprovi tra qualche istante.',
  badRequestBody: 'Non è stato possibile leggere il modulo. Torni indietro e riprovi.',
  unavailableTitle: 'Temporaneamente non disponibile',
  unavailableBody:
    'Al momento il servizio di pagamento non è raggiungibile. Riprovi tra qualche secondo. Se ha già inviato il pagamento, non è andato perso: comparirà qui non appena il servizio sarà di nuovo disponibile.',
  tryAgain: 'Riprova',
  backToPayment: 'Torna al pagamento',
  noticeHeading: 'Avviso',
  noticeRefundAddressInvalid:
    'Questo non è un indirizzo {network} valido. Copi di nuovo il Suo indirizzo dalla schermata Ricevi del Suo wallet.',
  noticeOptionUnavailable:
    'Questa opzione non è disponibile al momento. Ne scelga un’altra o riprovi tra qualche minuto.',
  noticeNotPossibleNow:
    'Non è più possibile farlo per questo pagamento: la pagina ne mostra lo stato attuale.',

  mailGreeting: 'Buongiorno,',
  mailGreetingNamed: 'Buongiorno {name},',
  mailInvoiceSubject: 'Fattura {number} da {business}: {amount}',
  mailInvoiceIntro: '{business} le ha inviato la fattura {number} di {amount}, con scadenza il {dueDate}.',
  mailInvoiceHow: 'La apra per vedere i dettagli e pagare in criptovaluta dal suo wallet.',
  mailInvoiceLink: 'Visualizza e paga la fattura',
  mailReminderSubject: 'Promemoria: fattura {number} da {business}',
  mailReminderSubjectOverdue: 'Promemoria: la fattura {number} da {business} è scaduta',
  mailReminderTitle: 'Promemoria: fattura {number}',
  mailReminderDue: 'Un promemoria da {business}: la fattura {number} di {amount} scade il {dueDate}.',
  mailReminderOverdue:
    'Un promemoria da {business}: la fattura {number} di {amount} è scaduta il {dueDate} e non è ancora stata saldata.',
  mailReminderIgnore: 'Se l’ha già pagata, può ignorare questa email.',
};
