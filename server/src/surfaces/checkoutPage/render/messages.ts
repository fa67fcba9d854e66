import type { ChainFamily } from '@cairn/contract';

/**
 * Every string the hosted checkout shows, in one place so it can be translated: copy this object,
 * translate the values (keep the function parameters), and pass it where `messages` is used. Strings
 * are plain text; the templates escape them. The browser script gets the few it needs through `data-`
 * attributes (see `renderPage.ts`).
 */
export const messages = {
  lang: 'en',
  locale: 'en-US',

  pageTitle: (business: string) => `Pay ${business}`,
  skipToPayment: 'Skip to the payment',
  testMode: 'Test payment: send test coins only, they have no value.',
  paymentReference: 'Payment reference',
  footerNote: 'Non-custodial checkout: your coins go straight to the merchant’s own wallet.',
  refreshStatus: 'Refresh status',
  noScriptRefresh: 'This page refreshes itself every 15 seconds.',

  // Picker
  pickHeading: 'Choose how to pay',
  pickLegend: 'Coin and network',
  pickHint:
    'Amounts follow the current rate; the amount is fixed when you continue and held for the payment window.',
  pickOption: (coin: string, network: string) => `${coin} on ${network}`,
  pickRate: (coin: string, rate: string, fiat: string) => `1 ${coin} = ${rate} ${fiat}`,
  pickContinue: 'Continue to payment',
  pickNoOptions: 'No coin can be used for this payment right now. Please contact the merchant.',
  pickDeadline: 'Choose before',
  pickRequired: 'Choose a coin and network first.',

  // Pay view
  payHeading: 'Send the payment',
  payAwaiting: 'Waiting for your payment.',
  payNetwork: 'Network',
  payAddress: 'Deposit address',
  payMemo: 'Memo, tag or reference (required)',
  /** The memo row's label on families that take one (the generic `payMemo` elsewhere). */
  payMemoOf: {
    xrp: 'Destination tag (required)',
    stellar: 'Memo (ID, required)',
    solana: 'Solana Pay reference',
  } as Partial<Record<ChainFamily, string>>,
  /** Beside the memo row: what happens without it. */
  payMemoHint: {
    xrp: 'Without this destination tag your payment cannot be matched to this order.',
    stellar: 'Choose the memo type ID. Without this memo your payment cannot be matched to this order.',
    solana:
      'Pay with a Solana Pay wallet (scan the QR code or open in wallet): it adds this reference. A plain transfer to the address cannot be matched to this order.',
  } as Partial<Record<ChainFamily, string>>,
  payAlternate: 'Or this one address, tag included',
  payAlternateHint: 'For wallets that take it: it carries the tag, so no separate tag or memo is needed.',
  payAmount: 'Amount',
  payAmountDue: 'Amount still due',
  exactAmount: (amount: string, coin: string) => `Exact amount: ${amount} ${coin}`,
  payRounded:
    '≈ rounded up for reading: sending it pays in full. Copy, the QR code and Open in wallet give the exact amount.',
  /** Instead of `payExactly` when the amount shown is rounded up. */
  payAtLeast:
    'Send at least the amount shown, or copy the exact one. If your wallet takes the network fee from the amount, add the fee on top.',
  payExactly:
    'Send exactly this amount. If your wallet takes the network fee from the amount, add the fee on top.',
  copy: 'Copy',
  copyWhat: (what: string) => `Copy ${what.toLowerCase()}`,
  copied: 'Copied',
  copyFailed: 'Copy failed; select the text instead',
  qrAlt: (amount: string, coin: string, address: string) =>
    `QR code of the payment request: ${amount} ${coin} to ${address}`,
  openInWallet: 'Open in wallet',
  payTokenContract: 'Token contract',
  payWithBrowserWallet: 'Pay with browser wallet',
  signWithoutGas: 'Sign instead (no network fee)',
  browserWalletHint:
    'Your browser wallet asks you to confirm; it switches to the right network first, adding it if it lacks it. Signing instead lets the merchant pay the network fee.',
  chooseWallet: 'Choose your wallet',
  walletWorking: 'Waiting for your wallet…',
  walletSent: 'Sent. This page updates when the payment is seen on the network.',
  walletFailed: (reason: string) => `Your wallet did not pay: ${reason}`,
  walletDeclined: 'You declined in your wallet: nothing was sent. You can try again.',
  walletLacksChain: (chain: string) =>
    `Your wallet does not know the ${chain} network: add it in your wallet, then try again.`,
  testWalletButton: 'Pay with a test wallet',
  testWalletHint: 'Local dev chain: its funded test account sends exactly the amount due. No real money.',
  testWalletUnavailable: 'The test wallet pays only open payments on the local dev chain.',
  timeLeft: 'Time left',
  payBy: (deadline: string) => `Pay by ${deadline}.`,
  timeUp: 'Time is up',
  networkWarning: (coin: string, network: string) =>
    `Send only ${coin} on the ${network} network to this address. Any other coin, or ${coin} sent on another network, will be lost.`,
  cancelLink: 'Cancel payment',

  // Cancel confirmation
  cancelHeading: 'Cancel this payment?',
  cancelWarning:
    'If you already sent coins, do not cancel: wait until the payment is detected. A cancelled payment cannot be paid any more.',
  cancelConfirm: 'Yes, cancel the payment',
  cancelBack: 'No, go back to the payment',

  // Progress
  detectedHeading: 'Payment detected',
  confirmingHeading: 'Payment confirming',
  detectedBody: 'Your transaction was seen on the network. Keep this page open or come back later.',
  confirmationProgress: (n: number, m: number) => `Confirming: ${n} of ${m} ${m === 1 ? 'block' : 'blocks'}`,
  transactions: 'Transactions',
  transactionLine: (amount: string, coin: string, confirmations: number) =>
    `${amount} ${coin}, ${confirmations} ${confirmations === 1 ? 'confirmation' : 'confirmations'}`,
  transactionRemoved: (amount: string, coin: string) => `${amount} ${coin}, reversed (no longer counted)`,
  received: (received: string, total: string, coin: string) => `Received ${received} of ${total} ${coin}.`,

  confirmedHeading: 'Payment confirmed',
  confirmedBody: (business: string) => `Thank you. ${business} has received your payment.`,
  overpaidNote: (excess: string, coin: string) =>
    `You sent ${excess} ${coin} more than needed. Contact the merchant about the difference.`,
  redirecting: (business: string) => `Taking you back to ${business}…`,
  returnToMerchant: (business: string) => `Return to ${business}`,

  underpaidHeading: 'Partly paid',
  underpaidBody: (due: string, coin: string) =>
    `The payment is short by ${due} ${coin}. Send the rest before the time runs out, or ask for a refund of what you sent.`,
  remainderHeading: 'Pay the rest',
  remainderQrAlt: (amount: string, coin: string, address: string) =>
    `QR code of a payment request for the rest: ${amount} ${coin} to ${address}`,

  refundHeading: 'Ask for a refund',
  refundIntro: (network: string) =>
    `The merchant sends back what you paid. Give an address of your own on the ${network} network.`,
  refundLabel: (network: string) => `Your ${network} address for the refund`,
  refundHint:
    'Paste it from your wallet’s Receive screen. Exchange deposit addresses may not credit refunds.',
  refundSubmit: 'Request refund',
  refundRequestedHeading: 'Refund requested',
  refundRequestedBody: (business: string, address: string) =>
    `${business} has been asked to send your coins back to ${address}. The merchant sends refunds by hand; it may take a while.`,
  refundedHeading: 'Refunded',
  refundedBody: (business: string) => `${business} has sent your refund.`,
  refundTransaction: 'Refund transaction',

  expiredHeading: 'Payment expired',
  expiredBody:
    'The time to pay ran out. Do not send coins to this address any more. If you already did, contact the merchant with the payment reference.',
  expiredUnderpaidHeading: 'Expired, partly paid',
  expiredUnderpaidBody: (received: string, coin: string) =>
    `The time ran out after ${received} ${coin} arrived. Ask for a refund below, or contact the merchant.`,
  expiredReorgedHeading: 'Payment reversed',
  expiredReorgedBody:
    'A reorganisation of the blockchain removed your transaction after the payment window closed, so the payment is not complete. Contact the merchant with the payment reference.',
  cancelledHeading: 'Payment cancelled',
  cancelledByCustomer: 'You cancelled this payment. Do not send coins to its address.',
  cancelledByMerchant: 'The merchant cancelled this payment. Do not send coins to its address.',
  receivedAfterClose: (amount: string, coin: string) =>
    `${amount} ${coin} arrived after this payment was closed. It does not pay for the order; the merchant can send it back.`,
  seenAfterClose: (confirmations: number) =>
    `A transaction to this payment’s address was seen after the payment was closed. Once it has ${confirmations} ${
      confirmations === 1 ? 'confirmation' : 'confirmations'
    }, you can ask for it back here.`,
  afterCloseAddressOnRecord: (business: string, address: string) =>
    `The refund address you gave ${business} before, ${address}, is on record; ask the merchant to send it back there.`,
  afterCloseRefundRequested: (business: string, address: string) =>
    `${business} has been asked to send it back to ${address}. The merchant sends refunds by hand; it may take a while.`,
  refundsSent: 'Refunds sent',
  failedHeading: 'Payment failed',
  failedBody: (reason: string) => `The payment could not be completed (${reason}). No coins were taken.`,
  failureReasons: {
    insufficient_balance: 'the balance was too low',
    estimate_revert: 'the transaction would have failed',
    settlement_reverted: 'the transaction was reverted on-chain',
  } as Record<string, string>,
  failureUnknown: 'unknown reason',
  pendingStatus: 'Waiting for your choice.',

  // Payment link page
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

  // Invoice page
  invoiceTitle: (number: string) => `Invoice ${number}`,
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
  invoicePaidBody: (date: string) => `This invoice was paid on ${date}. Thank you.`,
  invoiceRefundedTitle: 'Refunded',
  invoiceRefundedBody: 'The payment of this invoice was refunded.',
  invoiceVoidTitle: 'This invoice is void',
  invoiceVoidBody: 'The merchant cancelled this invoice. Nothing is owed on it.',
  invoiceNotFoundTitle: 'Invoice not found',
  invoiceNotFoundBody: 'There is no invoice at this address. Check the link in your email.',
  invoiceUnavailableTitle: 'Payment is not possible right now',
  invoiceUnavailableBody:
    'This invoice cannot be paid online at the moment. Please try again later or contact the merchant.',

  // Errors and notices
  notFoundTitle: 'Payment not found',
  notFoundBody:
    'There is no payment at this address. Check the link you were given, or ask the merchant for a new one.',
  rateLimitedTitle: 'Too many attempts',
  rateLimitedBody: (seconds: number) => `Please wait ${seconds} seconds and try again.`,
  errorTitle: 'Something went wrong',
  errorBody: 'The page could not be shown. Please try again in a moment.',
  badRequestBody: 'The form could not be read. Go back and try again.',
  unavailableTitle: 'Temporarily unavailable',
  unavailableBody:
    'The payment service cannot be reached right now. Please try again in a few seconds. If you already sent your payment, it is not lost: it shows here once the service is back.',
  tryAgain: 'Try again',
  backToPayment: 'Back to the payment',
  noticeHeading: 'Notice',
};

/** The shape a translation provides. */
export type Messages = typeof messages;
