/**
 * The English catalogue of everything a customer reads: the hosted checkout, the invoice and payment-link
 * pages, and the invoice mails. It is the reference every other language is checked against
 * (`catalogues.test.ts`): the same keys, and in each message the same placeholders.
 *
 * Messages are ICU MessageFormat (formatted by intl-messageformat): `{name}` is a placeholder,
 * `{count, plural, one {...} other {...}}` chooses by the language's plural rules (`#` is the count,
 * formatted for the language). Write a typographic apostrophe (’): a straight one quotes ICU syntax.
 * Values are plain text; the templates escape them.
 */
export const en = {
  pageTitle: 'Pay {business}',
  skipToPayment: 'Skip to the payment',
  testMode: 'Test payment: send test coins only, they have no value.',
  paymentReference: 'Payment reference',
  footerNote: 'Non-custodial checkout: your coins go straight to the merchant’s own wallet.',
  refreshStatus: 'Refresh status',
  noScriptRefresh: 'This page refreshes itself every 15 seconds.',
  languageLabel: 'Language',
  languageChange: 'Change',

  pickHeading: 'Choose how to pay',
  pickLegend: 'Coin and network',
  pickHint:
    'Amounts follow the current rate; the amount is fixed when you continue and held for the payment window.',
  pickOption: '{coin} on {network}',
  pickRate: '1 {coin} = {rate} {fiat}',
  pickContinue: 'Continue to payment',
  pickNoOptions: 'No coin can be used for this payment right now. Please contact the merchant.',
  pickDeadline: 'Choose before',
  pickRequired: 'Choose a coin and network first.',

  payHeading: 'Send the payment',
  payAwaiting: 'Waiting for your payment.',
  payNetwork: 'Network',
  payAddress: 'Deposit address',
  payMemo: 'Memo, tag or reference (required)',
  'payMemoOf.xrp': 'Destination tag (required)',
  'payMemoOf.stellar': 'Memo (ID, required)',
  'payMemoOf.solana': 'Solana Pay reference',
  'payMemoHint.xrp': 'Without this destination tag your payment cannot be matched to this order.',
  'payMemoHint.stellar':
    'Choose the memo type ID. Without this memo your payment cannot be matched to this order.',
  'payMemoHint.solana':
    'Pay with a Solana Pay wallet (scan the QR code or open in wallet): it adds this reference. A plain transfer to the address cannot be matched to this order.',
  payAlternate: 'Or this one address, tag included',
  payAlternateHint: 'For wallets that take it: it carries the tag, so no separate tag or memo is needed.',
  payAmount: 'Amount',
  payAmountDue: 'Amount still due',
  exactAmount: 'Exact amount: {amount} {coin}',
  payRounded:
    '≈ rounded up for reading: sending it pays in full. Copy, the QR code and Open in wallet give the exact amount.',
  payAtLeast:
    'Send at least the amount shown, or copy the exact one. If your wallet takes the network fee from the amount, add the fee on top.',
  payExactly:
    'Send exactly this amount. If your wallet takes the network fee from the amount, add the fee on top.',
  copy: 'Copy',
  'copyWhat.amount': 'Copy amount',
  'copyWhat.amountDue': 'Copy amount still due',
  'copyWhat.address': 'Copy deposit address',
  'copyWhat.memo': 'Copy memo or tag',
  'copyWhat.alternate': 'Copy address with tag',
  'copyWhat.contract': 'Copy token contract',
  copied: 'Copied',
  copyFailed: 'Copy failed; select the text instead',
  qrAlt: 'QR code of the payment request: {amount} {coin} to {address}',
  openInWallet: 'Open in wallet',
  payTokenContract: 'Token contract',
  payWithBrowserWallet: 'Pay with browser wallet',
  signWithoutGas: 'Sign instead (no network fee)',
  browserWalletHint:
    'Your browser wallet asks you to confirm; it switches to the right network first, adding it if it lacks it. Signing instead lets the merchant pay the network fee.',
  chooseWallet: 'Choose your wallet',
  walletWorking: 'Waiting for your wallet…',
  walletSent: 'Sent. This page updates when the payment is seen on the network.',
  walletFailed: 'Your wallet did not pay: {reason}',
  walletDeclined: 'You declined in your wallet: nothing was sent. You can try again.',
  walletLacksChain: 'Your wallet does not know the {network} network: add it in your wallet, then try again.',
  testWalletButton: 'Pay with a test wallet',
  testWalletHint: 'Local dev chain: its funded test account sends exactly the amount due. No real money.',
  testWalletUnavailable: 'The test wallet pays only open payments on the local dev chain.',
  timeLeft: 'Time left',
  payBy: 'Pay by {deadline}.',
  timeUp: 'Time is up',
  networkWarning:
    'Send only {coin} on the {network} network to this address. Any other coin, or {coin} sent on another network, will be lost.',
  cancelLink: 'Cancel payment',

  cancelHeading: 'Cancel this payment?',
  cancelWarning:
    'If you already sent coins, do not cancel: wait until the payment is detected. A cancelled payment cannot be paid any more.',
  cancelConfirm: 'Yes, cancel the payment',
  cancelBack: 'No, go back to the payment',

  detectedHeading: 'Payment detected',
  confirmingHeading: 'Payment confirming',
  detectedBody: 'Your transaction was seen on the network. Keep this page open or come back later.',
  confirmationProgress: 'Confirming: {done} of {needed, plural, one {# block} other {# blocks}}',
  transactions: 'Transactions',
  transactionLine: '{amount} {coin}, {confirmations, plural, one {# confirmation} other {# confirmations}}',
  transactionRemoved: '{amount} {coin}, reversed (no longer counted)',
  received: 'Received {received} of {total} {coin}.',

  confirmedHeading: 'Payment confirmed',
  confirmedBody: 'Thank you. {business} has received your payment.',
  overpaidNote: 'You sent {excess} {coin} more than needed. Contact the merchant about the difference.',
  redirecting: 'Taking you back to {business}…',
  returnToMerchant: 'Return to {business}',

  underpaidHeading: 'Partly paid',
  underpaidBody:
    'The payment is short by {due} {coin}. Send the rest before the time runs out, or ask for a refund of what you sent.',
  remainderHeading: 'Pay the rest',
  remainderQrAlt: 'QR code of a payment request for the rest: {amount} {coin} to {address}',

  refundHeading: 'Ask for a refund',
  refundIntro: 'The merchant sends back what you paid. Give an address of your own on the {network} network.',
  refundLabel: 'Your {network} address for the refund',
  refundHint:
    'Paste it from your wallet’s Receive screen. Exchange deposit addresses may not credit refunds.',
  refundSubmit: 'Request refund',
  refundRequestedHeading: 'Refund requested',
  refundRequestedBody:
    '{business} has been asked to send your coins back to {address}. The merchant sends refunds by hand; it may take a while.',
  refundedHeading: 'Refunded',
  refundedBody: '{business} has sent your refund.',
  refundTransaction: 'Refund transaction',

  expiredHeading: 'Payment expired',
  expiredBody:
    'The time to pay ran out. Do not send coins to this address any more. If you already did, contact the merchant with the payment reference.',
  expiredUnderpaidHeading: 'Expired, partly paid',
  expiredUnderpaidBody:
    'The time ran out after {received} {coin} arrived. Ask for a refund below, or contact the merchant.',
  expiredReorgedHeading: 'Payment reversed',
  expiredReorgedBody:
    'A reorganisation of the blockchain removed your transaction after the payment window closed, so the payment is not complete. Contact the merchant with the payment reference.',
  cancelledHeading: 'Payment cancelled',
  cancelledByCustomer: 'You cancelled this payment. Do not send coins to its address.',
  cancelledByMerchant: 'The merchant cancelled this payment. Do not send coins to its address.',
  receivedAfterClose:
    '{amount} {coin} arrived after this payment was closed. It does not pay for the order; the merchant can send it back.',
  seenAfterClose:
    'A transaction to this payment’s address was seen after the payment was closed. Once it has {confirmations, plural, one {# confirmation} other {# confirmations}}, you can ask for it back here.',
  afterCloseAddressOnRecord:
    'The refund address you gave {business} before, {address}, is on record; ask the merchant to send it back there.',
  afterCloseRefundRequested:
    '{business} has been asked to send it back to {address}. The merchant sends refunds by hand; it may take a while.',
  refundsSent: 'Refunds sent',
  failedHeading: 'Payment failed',
  failedBody: 'The payment could not be completed ({reason}). No coins were taken.',
  'failureReasons.insufficient_balance': 'the balance was too low',
  'failureReasons.estimate_revert': 'the transaction would have failed',
  'failureReasons.settlement_reverted': 'the transaction was reverted on-chain',
  failureUnknown: 'unknown reason',
  pendingStatus: 'Waiting for your choice.',

  linkPay: 'Pay',
  linkHint: 'You choose the coin and network on the next page.',
  linkNotFoundTitle: 'Payment link not found',
  linkNotFoundBody: 'There is no payment link at this address. Check the link you were given.',
  linkInactiveTitle: 'This payment link is no longer active',
  linkInactiveBody: 'The merchant has stopped taking payments through this link. Ask them for a new one.',
  linkSoldOutTitle: 'Sold out',
  linkSoldOutBody:
    'This payment link has reached its limit. A place may free up if an open payment expires unpaid; otherwise ask the merchant.',
  linkUnavailableTitle: 'Payments are not possible right now',
  linkUnavailableBody:
    'This merchant cannot take a payment through this link at the moment. Please try again later or contact the merchant.',

  invoiceTitle: 'Invoice {number}',
  invoiceFrom: 'From',
  invoiceTo: 'To',
  invoiceDue: 'Due',
  invoiceOverdue: 'Overdue',
  invoiceItem: 'Item',
  invoiceQuantity: 'Quantity',
  invoiceUnitPrice: 'Unit price',
  invoiceAmount: 'Amount',
  invoiceTotal: 'Total',
  invoicePay: 'Pay',
  invoicePayHint: 'You choose the coin and network on the next page.',
  invoicePrint: 'Printable view',
  invoiceBack: 'Back to the invoice',
  invoicePaidTitle: 'Paid',
  invoicePaidBody: 'This invoice was paid on {date}. Thank you.',
  invoiceRefundedTitle: 'Refunded',
  invoiceRefundedBody: 'The payment of this invoice was refunded.',
  invoiceVoidTitle: 'This invoice is void',
  invoiceVoidBody: 'The merchant cancelled this invoice. Nothing is owed on it.',
  invoiceNotFoundTitle: 'Invoice not found',
  invoiceNotFoundBody: 'There is no invoice at this address. Check the link in your email.',
  invoiceUnavailableTitle: 'Payment is not possible right now',
  invoiceUnavailableBody:
    'This invoice cannot be paid online at the moment. Please try again later or contact the merchant.',

  notFoundTitle: 'Payment not found',
  notFoundBody:
    'There is no payment at this address. Check the link you were given, or ask the merchant for a new one.',
  rateLimitedTitle: 'Too many attempts',
  rateLimitedBody: 'Please wait {seconds, plural, one {# second} other {# seconds}} and try again.',
  errorTitle: 'Something went wrong',
  errorBody: 'The page could not be shown. Please try again in a moment.',
  badRequestBody: 'The form could not be read. Go back and try again.',
  unavailableTitle: 'Temporarily unavailable',
  unavailableBody:
    'The payment service cannot be reached right now. Please try again in a few seconds. If you already sent your payment, it is not lost: it shows here once the service is back.',
  tryAgain: 'Try again',
  backToPayment: 'Back to the payment',
  noticeHeading: 'Notice',
  noticeRefundAddressInvalid:
    'This is not a valid {network} address. Copy your address again from your wallet’s Receive screen.',
  noticeOptionUnavailable:
    'This option cannot be used right now. Choose another one, or try again in a few minutes.',
  noticeNotPossibleNow: 'This cannot be done on this payment any more: the page shows where it stands now.',

  mailGreeting: 'Hello,',
  mailGreetingNamed: 'Hello {name},',
  mailInvoiceSubject: 'Invoice {number} from {business}: {amount}',
  mailInvoiceIntro: '{business} sent you invoice {number} for {amount}, due on {dueDate}.',
  mailInvoiceHow: 'Open it to see the details and pay in cryptocurrency from your own wallet.',
  mailInvoiceLink: 'View and pay the invoice',
  mailReminderSubject: 'Reminder: invoice {number} from {business}',
  mailReminderSubjectOverdue: 'Reminder: invoice {number} from {business} is overdue',
  mailReminderTitle: 'Reminder: invoice {number}',
  mailReminderDue: 'A reminder from {business}: invoice {number} for {amount} is due on {dueDate}.',
  mailReminderOverdue:
    'A reminder from {business}: invoice {number} for {amount} was due on {dueDate} and is still open.',
  mailReminderIgnore: 'If you already paid it, you can ignore this mail.',
};

/** What every language provides: a message for each key of the English catalogue. */
export type CustomerCatalogue = { readonly [K in keyof typeof en]: string };
