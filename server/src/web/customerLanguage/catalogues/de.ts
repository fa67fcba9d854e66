import type { CustomerCatalogue } from './en.js';

/** German (de): every customer-facing message; see en.ts for the format. */
export const de: CustomerCatalogue = {
  pageTitle: 'Zahlung an {business}',
  skipToPayment: 'Zur Zahlung springen',
  testMode: 'Testzahlung: Senden Sie nur Test-Coins, sie haben keinen Wert.',
  paymentReference: 'Zahlungsreferenz',
  footerNote: 'Checkout ohne Verwahrung: Ihre Coins gehen direkt an die eigene Wallet des Händlers.',
  refreshStatus: 'Status aktualisieren',
  noScriptRefresh: 'Diese Seite aktualisiert sich alle 15 Sekunden.',
  languageLabel: 'Sprache',
  languageChange: 'Ändern',

  pickHeading: 'Wählen Sie, wie Sie bezahlen möchten',
  pickLegend: 'Coin und Netzwerk',
  pickHint:
    'Die Beträge richten sich nach dem aktuellen Kurs; beim Fortfahren wird der Betrag festgeschrieben und für die Dauer des Zahlungsfensters garantiert.',
  pickOption: '{coin} auf {network}',
  pickRate: '1 {coin} = {rate} {fiat}',
  pickContinue: 'Weiter zur Zahlung',
  pickNoOptions:
    'Für diese Zahlung kann derzeit kein Coin verwendet werden. Bitte wenden Sie sich an den Händler.',
  pickDeadline: 'Auswahl bis',
  pickRequired: 'Wählen Sie zuerst einen Coin und ein Netzwerk.',

  payHeading: 'Zahlung senden',
  payAwaiting: 'Wir warten auf Ihre Zahlung.',
  payNetwork: 'Netzwerk',
  payAddress: 'Einzahlungsadresse',
  payMemo: 'Memo, Tag oder Referenz (erforderlich)',
  'payMemoOf.xrp': 'Destination Tag (erforderlich)',
  'payMemoOf.stellar': 'Memo (ID, erforderlich)',
  'payMemoOf.solana': 'Solana-Pay-Referenz',
  'payMemoHint.xrp':
    'Ohne diesen Destination Tag kann Ihre Zahlung dieser Bestellung nicht zugeordnet werden.',
  'payMemoHint.stellar':
    'Wählen Sie den Memo-Typ ID. Ohne dieses Memo kann Ihre Zahlung dieser Bestellung nicht zugeordnet werden.',
  'payMemoHint.solana':
    'Bezahlen Sie mit einer Wallet, die Solana Pay unterstützt (QR-Code scannen oder „In Wallet öffnen“): Sie fügt diese Referenz hinzu. Ein einfacher Transfer an die Adresse kann dieser Bestellung nicht zugeordnet werden.',
  payAlternate: 'Oder diese eine Adresse, Tag inklusive',
  payAlternateHint:
    'Für Wallets, die sie unterstützen: Sie enthält den Tag bereits, daher ist kein separater Tag und kein Memo nötig.',
  payAmount: 'Betrag',
  payAmountDue: 'Noch offener Betrag',
  exactAmount: 'Genauer Betrag: {amount} {coin}',
  payRounded:
    '≈ zur besseren Lesbarkeit aufgerundet: Mit diesem Betrag ist die Zahlung vollständig. „Kopieren“, der QR-Code und „In Wallet öffnen“ liefern den genauen Betrag.',
  payAtLeast:
    'Senden Sie mindestens den angezeigten Betrag oder kopieren Sie den genauen Betrag. Falls Ihre Wallet die Netzwerkgebühr vom Betrag abzieht, rechnen Sie die Gebühr hinzu.',
  payExactly:
    'Senden Sie genau diesen Betrag. Falls Ihre Wallet die Netzwerkgebühr vom Betrag abzieht, rechnen Sie die Gebühr hinzu.',
  copy: 'Kopieren',
  'copyWhat.amount': 'Betrag kopieren',
  'copyWhat.amountDue': 'Offenen Betrag kopieren',
  'copyWhat.address': 'Einzahlungsadresse kopieren',
  'copyWhat.memo': 'Memo oder Tag kopieren',
  'copyWhat.alternate': 'Adresse mit Tag kopieren',
  'copyWhat.contract': 'Token-Contract kopieren',
  copied: 'Kopiert',
  copyFailed: 'Kopieren fehlgeschlagen; markieren Sie stattdessen den Text',
  qrAlt: 'QR-Code der Zahlungsanforderung: {amount} {coin} an {address}',
  openInWallet: 'In Wallet öffnen',
  payTokenContract: 'Token-Contract',
  payWithBrowserWallet: 'Mit Browser-Wallet bezahlen',
  signWithoutGas: 'Stattdessen signieren (ohne Netzwerkgebühr)',
  browserWalletHint:
    'Ihre Browser-Wallet bittet Sie um Bestätigung; zuvor wechselt sie in das richtige Netzwerk und fügt es bei Bedarf hinzu. Wenn Sie stattdessen signieren, übernimmt der Händler die Netzwerkgebühr.',
  chooseWallet: 'Wählen Sie Ihre Wallet',
  walletWorking: 'Warten auf Ihre Wallet…',
  walletSent: 'Gesendet. Diese Seite wird aktualisiert, sobald die Zahlung im Netzwerk erkannt wird.',
  walletFailed: 'Die Zahlung aus Ihrer Wallet ist fehlgeschlagen: {reason}',
  walletDeclined:
    'Sie haben in Ihrer Wallet abgelehnt: Es wurde nichts gesendet. Sie können es erneut versuchen.',
  walletLacksChain:
    'Ihre Wallet kennt das Netzwerk {network} nicht: Fügen Sie es in Ihrer Wallet hinzu und versuchen Sie es dann erneut.',
  testWalletButton: 'Mit einer Test-Wallet bezahlen',
  testWalletHint:
    'Lokale Entwicklungs-Chain: Deren Testkonto mit Guthaben sendet genau den fälligen Betrag. Kein echtes Geld.',
  testWalletUnavailable: 'Die Test-Wallet bezahlt nur offene Zahlungen auf der lokalen Entwicklungs-Chain.',
  timeLeft: 'Verbleibende Zeit',
  payBy: 'Bezahlen Sie bis {deadline}.',
  timeUp: 'Die Zeit ist abgelaufen',
  networkWarning:
    'Senden Sie an diese Adresse nur {coin} im Netzwerk {network}. Jeder andere Coin sowie {coin}, der über ein anderes Netzwerk gesendet wird, geht verloren.',
  cancelLink: 'Zahlung abbrechen',

  cancelHeading: 'Diese Zahlung abbrechen?',
  cancelWarning:
    'Wenn Sie bereits Coins gesendet haben, brechen Sie nicht ab: Warten Sie, bis die Zahlung erkannt wird. Eine abgebrochene Zahlung kann nicht mehr bezahlt werden.',
  cancelConfirm: 'Ja, Zahlung abbrechen',
  cancelBack: 'Nein, zurück zur Zahlung',

  detectedHeading: 'Zahlung erkannt',
  confirmingHeading: 'Zahlung wird bestätigt',
  detectedBody:
    'Ihre Transaktion wurde im Netzwerk erkannt. Lassen Sie diese Seite geöffnet oder kommen Sie später wieder.',
  confirmationProgress: 'Bestätigung: {done} von {needed, plural, one {# Block} other {# Blöcken}}',
  transactions: 'Transaktionen',
  transactionLine: '{amount} {coin}, {confirmations, plural, one {# Bestätigung} other {# Bestätigungen}}',
  transactionRemoved: '{amount} {coin}, rückgängig gemacht (wird nicht mehr gezählt)',
  received: '{received} von {total} {coin} erhalten.',

  confirmedHeading: 'Zahlung bestätigt',
  confirmedBody: 'Vielen Dank. {business} hat Ihre Zahlung erhalten.',
  overpaidNote:
    'Sie haben {excess} {coin} mehr als nötig gesendet. Wenden Sie sich wegen der Differenz an den Händler.',
  redirecting: 'Sie werden zu {business} zurückgeleitet…',
  returnToMerchant: 'Zurück zu {business}',

  underpaidHeading: 'Teilweise bezahlt',
  underpaidBody:
    'Es fehlen noch {due} {coin}. Senden Sie den Rest, bevor die Zeit abläuft, oder fordern Sie eine Rückerstattung des bereits gesendeten Betrags an.',
  remainderHeading: 'Restbetrag bezahlen',
  remainderQrAlt: 'QR-Code einer Zahlungsanforderung für den Restbetrag: {amount} {coin} an {address}',

  refundHeading: 'Rückerstattung anfordern',
  refundIntro:
    'Der Händler sendet Ihnen den gezahlten Betrag zurück. Geben Sie eine eigene Adresse im Netzwerk {network} an.',
  refundLabel: 'Ihre {network}-Adresse für die Rückerstattung',
  refundHint:
    'Fügen Sie sie aus dem Empfangen-Bildschirm Ihrer Wallet ein. Rückerstattungen an Einzahlungsadressen von Börsen werden möglicherweise nicht gutgeschrieben.',
  refundSubmit: 'Rückerstattung anfordern',
  refundRequestedHeading: 'Rückerstattung angefordert',
  refundRequestedBody:
    '{business} wurde gebeten, Ihre Coins an {address} zurückzusenden. Der Händler führt Rückerstattungen manuell durch; das kann eine Weile dauern.',
  refundedHeading: 'Erstattet',
  refundedBody: '{business} hat Ihre Rückerstattung gesendet.',
  refundTransaction: 'Rückerstattungstransaktion',

  expiredHeading: 'Zahlung abgelaufen',
  expiredBody:
    'Die Zahlungsfrist ist abgelaufen. Senden Sie keine Coins mehr an diese Adresse. Falls Sie dies bereits getan haben, wenden Sie sich unter Angabe der Zahlungsreferenz an den Händler.',
  expiredUnderpaidHeading: 'Abgelaufen, teilweise bezahlt',
  expiredUnderpaidBody:
    'Die Zeit ist abgelaufen, nachdem {received} {coin} eingegangen waren. Fordern Sie unten eine Rückerstattung an oder wenden Sie sich an den Händler.',
  expiredReorgedHeading: 'Zahlung rückgängig gemacht',
  expiredReorgedBody:
    'Eine Reorganisation der Blockchain hat Ihre Transaktion nach Ablauf des Zahlungsfensters entfernt, daher ist die Zahlung nicht vollständig. Wenden Sie sich unter Angabe der Zahlungsreferenz an den Händler.',
  cancelledHeading: 'Zahlung abgebrochen',
  cancelledByCustomer:
    'Sie haben diese Zahlung abgebrochen. Senden Sie keine Coins an die zugehörige Adresse.',
  cancelledByMerchant:
    'Der Händler hat diese Zahlung abgebrochen. Senden Sie keine Coins an die zugehörige Adresse.',
  receivedAfterClose:
    '{amount} {coin} sind eingegangen, nachdem diese Zahlung geschlossen wurde. Der Betrag gilt nicht als Zahlung für die Bestellung; der Händler kann ihn zurücksenden.',
  seenAfterClose:
    'Nachdem diese Zahlung geschlossen wurde, wurde eine Transaktion an ihre Adresse erkannt. Sobald sie {confirmations, plural, one {# Bestätigung} other {# Bestätigungen}} hat, können Sie sie hier zurückfordern.',
  afterCloseAddressOnRecord:
    'Die Rückerstattungsadresse, die Sie {business} zuvor angegeben haben, {address}, ist hinterlegt; bitten Sie den Händler, den Betrag dorthin zurückzusenden.',
  afterCloseRefundRequested:
    '{business} wurde gebeten, den Betrag an {address} zurückzusenden. Der Händler führt Rückerstattungen manuell durch; das kann eine Weile dauern.',
  refundsSent: 'Gesendete Rückerstattungen',
  failedHeading: 'Zahlung fehlgeschlagen',
  failedBody: 'Die Zahlung konnte nicht abgeschlossen werden ({reason}). Es wurden keine Coins abgebucht.',
  'failureReasons.insufficient_balance': 'das Guthaben war zu gering',
  'failureReasons.estimate_revert': 'die Transaktion wäre fehlgeschlagen',
  'failureReasons.settlement_reverted': 'die Transaktion wurde on-chain rückgängig gemacht',
  failureUnknown: 'unbekannter Grund',
  pendingStatus: 'Wir warten auf Ihre Auswahl.',

  linkPay: 'Bezahlen',
  linkHint: 'Coin und Netzwerk wählen Sie auf der nächsten Seite.',
  linkNotFoundTitle: 'Zahlungslink nicht gefunden',
  linkNotFoundBody:
    'Unter dieser Adresse gibt es keinen Zahlungslink. Prüfen Sie den Link, den Sie erhalten haben.',
  linkInactiveTitle: 'Dieser Zahlungslink ist nicht mehr aktiv',
  linkInactiveBody:
    'Der Händler nimmt über diesen Link keine Zahlungen mehr an. Bitten Sie ihn um einen neuen.',
  linkSoldOutTitle: 'Ausverkauft',
  linkSoldOutBody:
    'Dieser Zahlungslink hat sein Limit erreicht. Möglicherweise wird ein Platz frei, wenn eine offene Zahlung unbezahlt abläuft; wenden Sie sich andernfalls an den Händler.',
  linkUnavailableTitle: 'Zahlungen sind derzeit nicht möglich',
  linkUnavailableBody:
    'Dieser Händler kann über diesen Link momentan keine Zahlung annehmen. Bitte versuchen Sie es später erneut oder wenden Sie sich an den Händler.',

  invoiceTitle: 'Rechnung {number}',
  invoiceFrom: 'Von',
  invoiceTo: 'An',
  invoiceDue: 'Fällig',
  invoiceOverdue: 'Überfällig',
  invoiceItem: 'Position',
  invoiceQuantity: 'Menge',
  invoiceUnitPrice: 'Stückpreis',
  invoiceAmount: 'Betrag',
  invoiceTotal: 'Gesamt',
  invoicePay: 'Bezahlen',
  invoicePayHint: 'Coin und Netzwerk wählen Sie auf der nächsten Seite.',
  invoicePrint: 'Druckansicht',
  invoiceBack: 'Zurück zur Rechnung',
  invoicePaidTitle: 'Bezahlt',
  invoicePaidBody: 'Diese Rechnung wurde am {date} bezahlt. Vielen Dank.',
  invoiceRefundedTitle: 'Erstattet',
  invoiceRefundedBody: 'Die Zahlung dieser Rechnung wurde erstattet.',
  invoiceVoidTitle: 'Diese Rechnung ist storniert',
  invoiceVoidBody: 'Der Händler hat diese Rechnung storniert. Es ist nichts zu zahlen.',
  invoiceNotFoundTitle: 'Rechnung nicht gefunden',
  invoiceNotFoundBody: 'Unter dieser Adresse gibt es keine Rechnung. Prüfen Sie den Link in Ihrer E-Mail.',
  invoiceUnavailableTitle: 'Zahlung ist derzeit nicht möglich',
  invoiceUnavailableBody:
    'Diese Rechnung kann momentan nicht online bezahlt werden. Bitte versuchen Sie es später erneut oder wenden Sie sich an den Händler.',

  notFoundTitle: 'Zahlung nicht gefunden',
  notFoundBody:
    'Unter dieser Adresse gibt es keine Zahlung. Prüfen Sie den Link, den Sie erhalten haben, oder bitten Sie den Händler um einen neuen.',
  rateLimitedTitle: 'Zu viele Versuche',
  rateLimitedBody:
    'Bitte warten Sie {seconds, plural, one {# Sekunde} other {# Sekunden}} und versuchen Sie es dann erneut.',
  errorTitle: 'Etwas ist schiefgelaufen',
  errorBody: 'Die Seite konnte nicht angezeigt werden. Bitte versuchen Sie es gleich noch einmal.',
  badRequestBody: 'Das Formular konnte nicht gelesen werden. Gehen Sie zurück und versuchen Sie es erneut.',
  unavailableTitle: 'Vorübergehend nicht verfügbar',
  unavailableBody:
    'Der Zahlungsdienst ist derzeit nicht erreichbar. Bitte versuchen Sie es in ein paar Sekunden erneut. Falls Sie Ihre Zahlung bereits gesendet haben, ist sie nicht verloren: Sie wird hier angezeigt, sobald der Dienst wieder verfügbar ist.',
  tryAgain: 'Erneut versuchen',
  backToPayment: 'Zurück zur Zahlung',
  noticeHeading: 'Hinweis',
  noticeRefundAddressInvalid:
    'Dies ist keine gültige {network}-Adresse. Kopieren Sie Ihre Adresse erneut aus dem Empfangen-Bildschirm Ihrer Wallet.',
  noticeOptionUnavailable:
    'Diese Option ist gerade nicht verfügbar. Wählen Sie eine andere oder versuchen Sie es in einigen Minuten erneut.',
  noticeNotPossibleNow:
    'Das ist bei dieser Zahlung nicht mehr möglich: Die Seite zeigt ihren aktuellen Stand.',

  mailGreeting: 'Guten Tag,',
  mailGreetingNamed: 'Guten Tag {name},',
  mailInvoiceSubject: 'Rechnung {number} von {business}: {amount}',
  mailInvoiceIntro: '{business} hat Ihnen die Rechnung {number} über {amount} gesendet, fällig am {dueDate}.',
  mailInvoiceHow:
    'Öffnen Sie die Rechnung, um die Details zu sehen und mit Kryptowährung aus Ihrer eigenen Wallet zu bezahlen.',
  mailInvoiceLink: 'Rechnung ansehen und bezahlen',
  mailReminderSubject: 'Erinnerung: Rechnung {number} von {business}',
  mailReminderSubjectOverdue: 'Erinnerung: Rechnung {number} von {business} ist überfällig',
  mailReminderTitle: 'Erinnerung: Rechnung {number}',
  mailReminderDue:
    'Eine Erinnerung von {business}: Die Rechnung {number} über {amount} ist am {dueDate} fällig.',
  mailReminderOverdue:
    'Eine Erinnerung von {business}: Die Rechnung {number} über {amount} war am {dueDate} fällig und ist noch offen.',
  mailReminderIgnore: 'Falls Sie die Rechnung bereits bezahlt haben, können Sie diese E-Mail ignorieren.',
};
