import type { CustomerCatalogue } from './en.js';

/** Dutch (nl): every customer-facing message; see en.ts for the format. */
export const nl: CustomerCatalogue = {
  pageTitle: 'Betalen aan {business}',
  skipToPayment: 'Direct naar de betaling',
  testMode: 'Testbetaling: stuur alleen testcoins; deze hebben geen waarde.',
  paymentReference: 'Betalingsreferentie',
  footerNote: 'Non-custodial checkout: uw coins gaan rechtstreeks naar de eigen wallet van de verkoper.',
  refreshStatus: 'Status vernieuwen',
  noScriptRefresh: 'Deze pagina wordt elke 15 seconden automatisch vernieuwd.',
  languageLabel: 'Taal',
  languageChange: 'Wijzigen',

  pickHeading: 'Kies hoe u wilt betalen',
  pickLegend: 'Coin en netwerk',
  pickHint:
    'Bedragen volgen de actuele koers; het bedrag wordt vastgezet zodra u doorgaat en blijft geldig gedurende de betaaltermijn.',
  pickOption: '{coin} op {network}',
  pickRate: '1 {coin} = {rate} {fiat}',
  pickContinue: 'Doorgaan naar betaling',
  pickNoOptions:
    'Voor deze betaling kan op dit moment geen coin worden gebruikt. Neem contact op met de verkoper.',
  pickDeadline: 'Kies vóór',
  pickRequired: 'Kies eerst een coin en een netwerk.',

  payHeading: 'Verstuur de betaling',
  payAwaiting: 'Wachten op uw betaling.',
  payNetwork: 'Netwerk',
  payAddress: 'Stortingsadres',
  payMemo: 'Memo, tag of referentie (verplicht)',
  'payMemoOf.xrp': 'Destination tag (verplicht)',
  'payMemoOf.stellar': 'Memo (ID, verplicht)',
  'payMemoOf.solana': 'Solana Pay-referentie',
  'payMemoHint.xrp': 'Zonder deze destination tag kan uw betaling niet aan deze bestelling worden gekoppeld.',
  'payMemoHint.stellar':
    'Kies het memotype ID. Zonder deze memo kan uw betaling niet aan deze bestelling worden gekoppeld.',
  'payMemoHint.solana':
    'Betaal met een wallet die Solana Pay ondersteunt (scan de QR-code of kies ‘Openen in wallet’): die voegt deze referentie toe. Een gewone transactie naar het adres kan niet aan deze bestelling worden gekoppeld.',
  payAlternate: 'Of dit ene adres, inclusief tag',
  payAlternateHint:
    'Voor wallets die dit ondersteunen: het adres bevat de tag, dus een aparte tag of memo is niet nodig.',
  payAmount: 'Bedrag',
  payAmountDue: 'Nog te betalen bedrag',
  exactAmount: 'Exact bedrag: {amount} {coin}',
  payRounded:
    '≈ naar boven afgerond voor de leesbaarheid: met dit bedrag betaalt u volledig. Kopiëren, de QR-code en Openen in wallet geven het exacte bedrag.',
  payAtLeast:
    'Stuur minstens het getoonde bedrag, of kopieer het exacte bedrag. Als uw wallet de netwerkkosten van het bedrag aftrekt, tel de kosten er dan bij op.',
  payExactly:
    'Stuur precies dit bedrag. Als uw wallet de netwerkkosten van het bedrag aftrekt, tel de kosten er dan bij op.',
  copy: 'Kopiëren',
  'copyWhat.amount': 'Bedrag kopiëren',
  'copyWhat.amountDue': 'Nog te betalen bedrag kopiëren',
  'copyWhat.address': 'Stortingsadres kopiëren',
  'copyWhat.memo': 'Memo of tag kopiëren',
  'copyWhat.alternate': 'Adres met tag kopiëren',
  'copyWhat.contract': 'Tokencontract kopiëren',
  copied: 'Gekopieerd',
  copyFailed: 'Kopiëren mislukt; selecteer de tekst handmatig',
  qrAlt: 'QR-code van het betaalverzoek: {amount} {coin} naar {address}',
  openInWallet: 'Openen in wallet',
  payTokenContract: 'Tokencontract',
  payWithBrowserWallet: 'Betalen met browserwallet',
  signWithoutGas: 'In plaats daarvan ondertekenen (geen netwerkkosten)',
  browserWalletHint:
    'Uw browserwallet vraagt u om te bevestigen; eerst schakelt deze over naar het juiste netwerk en voegt het toe als het ontbreekt. Als u in plaats daarvan ondertekent, betaalt de verkoper de netwerkkosten.',
  chooseWallet: 'Kies uw wallet',
  walletWorking: 'Wachten op uw wallet…',
  walletSent: 'Verzonden. Deze pagina wordt bijgewerkt zodra de betaling op het netwerk is gezien.',
  walletFailed: 'Uw wallet heeft niet betaald: {reason}',
  walletDeclined: 'U hebt geweigerd in uw wallet: er is niets verzonden. U kunt het opnieuw proberen.',
  walletLacksChain:
    'Uw wallet kent het netwerk {network} niet: voeg het toe in uw wallet en probeer het daarna opnieuw.',
  testWalletButton: 'Betalen met een testwallet',
  testWalletHint:
    'Lokale ontwikkelchain: het testaccount met tegoed stuurt precies het verschuldigde bedrag. Geen echt geld.',
  testWalletUnavailable: 'De testwallet betaalt alleen openstaande betalingen op de lokale ontwikkelchain.',
  timeLeft: 'Resterende tijd',
  payBy: 'Betaal uiterlijk {deadline}.',
  timeUp: 'De tijd is om',
  networkWarning:
    'Stuur naar dit adres alleen {coin} op het netwerk {network}. Elke andere coin, of {coin} verstuurd via een ander netwerk, gaat verloren.',
  cancelLink: 'Betaling annuleren',

  cancelHeading: 'Deze betaling annuleren?',
  cancelWarning:
    'Als u al coins hebt verstuurd, annuleer dan niet: wacht tot de betaling is gedetecteerd. Een geannuleerde betaling kan niet meer worden betaald.',
  cancelConfirm: 'Ja, betaling annuleren',
  cancelBack: 'Nee, terug naar de betaling',

  detectedHeading: 'Betaling gedetecteerd',
  confirmingHeading: 'Betaling wordt bevestigd',
  detectedBody: 'Uw transactie is op het netwerk gezien. Houd deze pagina open of kom later terug.',
  confirmationProgress: 'Bevestigen: {done} van {needed, plural, one {# blok} other {# blokken}}',
  transactions: 'Transacties',
  transactionLine: '{amount} {coin}, {confirmations, plural, one {# bevestiging} other {# bevestigingen}}',
  transactionRemoved: '{amount} {coin}, teruggedraaid (telt niet meer mee)',
  received: '{received} van {total} {coin} ontvangen.',

  confirmedHeading: 'Betaling bevestigd',
  confirmedBody: 'Dank u wel. {business} heeft uw betaling ontvangen.',
  overpaidNote:
    'U hebt {excess} {coin} meer verstuurd dan nodig. Neem contact op met de verkoper over het verschil.',
  redirecting: 'U wordt teruggestuurd naar {business}…',
  returnToMerchant: 'Terug naar {business}',

  underpaidHeading: 'Gedeeltelijk betaald',
  underpaidBody:
    'Er ontbreekt nog {due} {coin}. Stuur het resterende bedrag voordat de tijd om is, of vraag een terugbetaling aan van wat u hebt verstuurd.',
  remainderHeading: 'Betaal het restant',
  remainderQrAlt: 'QR-code van een betaalverzoek voor het restant: {amount} {coin} naar {address}',

  refundHeading: 'Terugbetaling aanvragen',
  refundIntro:
    'De verkoper stuurt terug wat u hebt betaald. Geef een adres van uzelf op het netwerk {network} op.',
  refundLabel: 'Uw {network}-adres voor de terugbetaling',
  refundHint:
    'Plak het vanuit het scherm Ontvangen van uw wallet. Terugbetalingen naar stortingsadressen van exchanges worden mogelijk niet bijgeschreven.',
  refundSubmit: 'Terugbetaling aanvragen',
  refundRequestedHeading: 'Terugbetaling aangevraagd',
  refundRequestedBody:
    '{business} is gevraagd uw coins terug te sturen naar {address}. De verkoper verwerkt terugbetalingen handmatig; dit kan even duren.',
  refundedHeading: 'Terugbetaald',
  refundedBody: '{business} heeft uw terugbetaling verstuurd.',
  refundTransaction: 'Terugbetalingstransactie',

  expiredHeading: 'Betaling verlopen',
  expiredBody:
    'De betaaltermijn is verstreken. Stuur geen coins meer naar dit adres. Hebt u dat al gedaan, neem dan contact op met de verkoper en vermeld de betalingsreferentie.',
  expiredUnderpaidHeading: 'Verlopen, gedeeltelijk betaald',
  expiredUnderpaidBody:
    'De tijd is verstreken nadat {received} {coin} was binnengekomen. Vraag hieronder een terugbetaling aan of neem contact op met de verkoper.',
  expiredReorgedHeading: 'Betaling teruggedraaid',
  expiredReorgedBody:
    'Een reorganisatie van de blockchain heeft uw transactie verwijderd nadat de betaaltermijn was gesloten, dus de betaling is niet voltooid. Neem contact op met de verkoper en vermeld de betalingsreferentie.',
  cancelledHeading: 'Betaling geannuleerd',
  cancelledByCustomer: 'U hebt deze betaling geannuleerd. Stuur geen coins naar het bijbehorende adres.',
  cancelledByMerchant:
    'De verkoper heeft deze betaling geannuleerd. Stuur geen coins naar het bijbehorende adres.',
  receivedAfterClose:
    '{amount} {coin} is binnengekomen nadat deze betaling was gesloten. Dit geldt niet als betaling voor de bestelling; de verkoper kan het terugsturen.',
  seenAfterClose:
    'Er is een transactie naar het adres van deze betaling gezien nadat de betaling was gesloten. Zodra deze {confirmations, plural, one {# bevestiging} other {# bevestigingen}} heeft, kunt u het bedrag hier terugvragen.',
  afterCloseAddressOnRecord:
    'Het terugbetalingsadres dat u eerder aan {business} hebt opgegeven, {address}, is geregistreerd; vraag de verkoper het bedrag daarheen terug te sturen.',
  afterCloseRefundRequested:
    '{business} is gevraagd het bedrag terug te sturen naar {address}. De verkoper verwerkt terugbetalingen handmatig; dit kan even duren.',
  refundsSent: 'Verstuurde terugbetalingen',
  failedHeading: 'Betaling mislukt',
  failedBody: 'De betaling kon niet worden voltooid ({reason}). Er zijn geen coins afgeschreven.',
  'failureReasons.insufficient_balance': 'het saldo was te laag',
  'failureReasons.estimate_revert': 'de transactie zou zijn mislukt',
  'failureReasons.settlement_reverted': 'de transactie is on-chain teruggedraaid',
  failureUnknown: 'onbekende reden',
  pendingStatus: 'Wachten op uw keuze.',

  linkPay: 'Betalen',
  linkHint: 'U kiest de coin en het netwerk op de volgende pagina.',
  linkNotFoundTitle: 'Betaallink niet gevonden',
  linkNotFoundBody: 'Er is geen betaallink op dit adres. Controleer de link die u hebt ontvangen.',
  linkInactiveTitle: 'Deze betaallink is niet meer actief',
  linkInactiveBody:
    'De verkoper accepteert geen betalingen meer via deze link. Vraag de verkoper om een nieuwe.',
  linkSoldOutTitle: 'Uitverkocht',
  linkSoldOutBody:
    'Deze betaallink heeft zijn limiet bereikt. Er kan een plaats vrijkomen als een openstaande betaling onbetaald verloopt; neem anders contact op met de verkoper.',
  linkUnavailableTitle: 'Betalen is op dit moment niet mogelijk',
  linkUnavailableBody:
    'Deze verkoper kan op dit moment geen betaling via deze link ontvangen. Probeer het later opnieuw of neem contact op met de verkoper.',

  invoiceTitle: 'Factuur {number}',
  invoiceFrom: 'Van',
  invoiceTo: 'Aan',
  invoiceDue: 'Vervaldatum',
  invoiceOverdue: 'Achterstallig',
  invoiceItem: 'Omschrijving',
  invoiceQuantity: 'Aantal',
  invoiceUnitPrice: 'Stukprijs',
  invoiceAmount: 'Bedrag',
  invoiceTotal: 'Totaal',
  invoicePay: 'Betalen',
  invoicePayHint: 'U kiest de coin en het netwerk op de volgende pagina.',
  invoicePrint: 'Afdrukweergave',
  invoiceBack: 'Terug naar de factuur',
  invoicePaidTitle: 'Betaald',
  invoicePaidBody: 'Deze factuur is betaald op {date}. Dank u wel.',
  invoiceRefundedTitle: 'Terugbetaald',
  invoiceRefundedBody: 'De betaling van deze factuur is terugbetaald.',
  invoiceVoidTitle: 'Deze factuur is ongeldig',
  invoiceVoidBody: 'De verkoper heeft deze factuur geannuleerd. U hoeft hiervoor niets te betalen.',
  invoiceNotFoundTitle: 'Factuur niet gevonden',
  invoiceNotFoundBody: 'Er is geen factuur op dit adres. Controleer de link in uw e-mail.',
  invoiceUnavailableTitle: 'Betalen is op dit moment niet mogelijk',
  invoiceUnavailableBody:
    'Deze factuur kan op dit moment niet online worden betaald. Probeer het later opnieuw of neem contact op met de verkoper.',

  notFoundTitle: 'Betaling niet gevonden',
  notFoundBody:
    'Er is geen betaling op dit adres. Controleer de link die u hebt ontvangen, of vraag de verkoper om een nieuwe.',
  rateLimitedTitle: 'Te veel pogingen',
  rateLimitedBody: 'Wacht {seconds, plural, one {# seconde} other {# seconden}} en probeer het opnieuw.',
  errorTitle: 'Er is iets misgegaan',
  errorBody: 'De pagina kon niet worden weergegeven. Probeer het zo meteen opnieuw.',
  badRequestBody: 'Het formulier kon niet worden gelezen. Ga terug en probeer het opnieuw.',
  unavailableTitle: 'Tijdelijk niet beschikbaar',
  unavailableBody:
    'De betaaldienst is op dit moment niet bereikbaar. Probeer het over enkele seconden opnieuw. Als u uw betaling al hebt verstuurd, is deze niet verloren: ze verschijnt hier zodra de dienst weer beschikbaar is.',
  tryAgain: 'Opnieuw proberen',
  backToPayment: 'Terug naar de betaling',
  noticeHeading: 'Melding',
  noticeRefundAddressInvalid:
    'Dit is geen geldig {network}-adres. Kopieer uw adres opnieuw vanuit het scherm Ontvangen van uw wallet.',
  noticeOptionUnavailable:
    'Deze optie is nu niet beschikbaar. Kies een andere of probeer het over een paar minuten opnieuw.',
  noticeNotPossibleNow: 'Dit kan bij deze betaling niet meer: de pagina toont de huidige stand.',

  mailGreeting: 'Beste klant,',
  mailGreetingNamed: 'Beste {name},',
  mailInvoiceSubject: 'Factuur {number} van {business}: {amount}',
  mailInvoiceIntro:
    '{business} heeft u factuur {number} van {amount} gestuurd, te betalen uiterlijk op {dueDate}.',
  mailInvoiceHow:
    'Open de factuur om de details te bekijken en met cryptovaluta te betalen vanuit uw eigen wallet.',
  mailInvoiceLink: 'Factuur bekijken en betalen',
  mailReminderSubject: 'Herinnering: factuur {number} van {business}',
  mailReminderSubjectOverdue: 'Herinnering: factuur {number} van {business} is achterstallig',
  mailReminderTitle: 'Herinnering: factuur {number}',
  mailReminderDue:
    'Een herinnering van {business}: factuur {number} van {amount} moet uiterlijk op {dueDate} zijn betaald.',
  mailReminderOverdue:
    'Een herinnering van {business}: factuur {number} van {amount} had uiterlijk op {dueDate} betaald moeten zijn en staat nog open.',
  mailReminderIgnore: 'Als u deze factuur al hebt betaald, kunt u deze e-mail negeren.',
};
