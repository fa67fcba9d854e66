import type { ChainFamily } from '@cairn/contract';
import {
  type CustomerLocale,
  customerLocaleInfo,
  DEFAULT_CUSTOMER_LOCALE,
} from '../../../web/customerLanguage/customerLocales.js';
import { translatorFor } from '../../../web/customerLanguage/customerTranslator.js';
import { formatCalendarDay } from '../../../web/customerLanguage/formatCalendarDay.js';
import { formatCoinAmount } from '../../../web/customerLanguage/formatCoinAmount.js';

/** What a copy button copies (its accessible name says so). */
export type CopyTarget = 'amount' | 'amountDue' | 'address' | 'memo' | 'alternate' | 'contract';

const MEMO_FAMILIES = ['xrp', 'stellar', 'solana'] as const;
const FAILURE_REASONS = ['insufficient_balance', 'estimate_revert', 'settlement_reverted'] as const;

/**
 * Every string the hosted checkout, the invoice page and the payment-link page show, in language `tag`,
 * with the language's number format for coin amounts. The messages themselves are ICU messages in
 * `web/customerLanguage/catalogues` (one file per language); this object gives the templates a typed
 * function for each. Strings are plain text; the templates escape them. The browser script gets the few
 * it needs through `data-` attributes.
 */
function buildMessages(tag: CustomerLocale) {
  const t = translatorFor(tag);
  const info = customerLocaleInfo(tag);
  const byKey = <K extends string>(
    keys: readonly K[],
    prefix: 'payMemoOf' | 'payMemoHint' | 'failureReasons',
  ) =>
    Object.fromEntries(keys.map((k) => [k, t(`${prefix}.${k}` as Parameters<typeof t>[0])])) as Record<
      K,
      string
    >;
  return {
    /** The language tag (`lang` of the page). */
    lang: tag,
    /** The locale Intl formats numbers, money and dates with. */
    locale: info.intl,
    dir: info.dir,
    /** A coin amount or quantity (`0.003334`) in this language's number format, every place kept. */
    coinAmount: (decimal: string) => formatCoinAmount(decimal, info.intl),
    /** A UTC day (`2026-12-31`) written out in this language. */
    calendarDay: (day: string) => formatCalendarDay(day, info.intl),

    pageTitle: (business: string) => t('pageTitle', { business }),
    skipToPayment: t('skipToPayment'),
    testMode: t('testMode'),
    paymentReference: t('paymentReference'),
    footerNote: t('footerNote'),
    refreshStatus: t('refreshStatus'),
    noScriptRefresh: t('noScriptRefresh'),
    languageLabel: t('languageLabel'),
    languageChange: t('languageChange'),

    pickHeading: t('pickHeading'),
    pickLegend: t('pickLegend'),
    pickHint: t('pickHint'),
    pickOption: (coin: string, network: string) => t('pickOption', { coin, network }),
    pickRate: (coin: string, rate: string, fiat: string) => t('pickRate', { coin, rate, fiat }),
    pickContinue: t('pickContinue'),
    pickNoOptions: t('pickNoOptions'),
    pickDeadline: t('pickDeadline'),
    pickRequired: t('pickRequired'),

    payHeading: t('payHeading'),
    payAwaiting: t('payAwaiting'),
    payNetwork: t('payNetwork'),
    payAddress: t('payAddress'),
    payMemo: t('payMemo'),
    /** The memo row's label on families that take one (the generic `payMemo` elsewhere). */
    payMemoOf: byKey(MEMO_FAMILIES, 'payMemoOf') as Partial<Record<ChainFamily, string>>,
    /** Beside the memo row: what happens without it. */
    payMemoHint: byKey(MEMO_FAMILIES, 'payMemoHint') as Partial<Record<ChainFamily, string>>,
    payAlternate: t('payAlternate'),
    payAlternateHint: t('payAlternateHint'),
    payAmount: t('payAmount'),
    payAmountDue: t('payAmountDue'),
    exactAmount: (amount: string, coin: string) => t('exactAmount', { amount, coin }),
    payRounded: t('payRounded'),
    /** Instead of `payExactly` when the amount shown is rounded up. */
    payAtLeast: t('payAtLeast'),
    payExactly: t('payExactly'),
    copy: t('copy'),
    copyWhat: (what: CopyTarget) => t(`copyWhat.${what}`),
    copied: t('copied'),
    copyFailed: t('copyFailed'),
    qrAlt: (amount: string, coin: string, address: string) => t('qrAlt', { amount, coin, address }),
    openInWallet: t('openInWallet'),
    payTokenContract: t('payTokenContract'),
    payWithBrowserWallet: t('payWithBrowserWallet'),
    signWithoutGas: t('signWithoutGas'),
    browserWalletHint: t('browserWalletHint'),
    chooseWallet: t('chooseWallet'),
    walletWorking: t('walletWorking'),
    walletSent: t('walletSent'),
    walletFailed: (reason: string) => t('walletFailed', { reason }),
    walletDeclined: t('walletDeclined'),
    walletLacksChain: (network: string) => t('walletLacksChain', { network }),
    testWalletButton: t('testWalletButton'),
    testWalletHint: t('testWalletHint'),
    testWalletUnavailable: t('testWalletUnavailable'),
    timeLeft: t('timeLeft'),
    payBy: (deadline: string) => t('payBy', { deadline }),
    timeUp: t('timeUp'),
    networkWarning: (coin: string, network: string) => t('networkWarning', { coin, network }),
    cancelLink: t('cancelLink'),

    cancelHeading: t('cancelHeading'),
    cancelWarning: t('cancelWarning'),
    cancelConfirm: t('cancelConfirm'),
    cancelBack: t('cancelBack'),

    detectedHeading: t('detectedHeading'),
    confirmingHeading: t('confirmingHeading'),
    detectedBody: t('detectedBody'),
    confirmationProgress: (done: number, needed: number) => t('confirmationProgress', { done, needed }),
    transactions: t('transactions'),
    transactionLine: (amount: string, coin: string, confirmations: number) =>
      t('transactionLine', { amount, coin, confirmations }),
    transactionRemoved: (amount: string, coin: string) => t('transactionRemoved', { amount, coin }),
    received: (received: string, total: string, coin: string) => t('received', { received, total, coin }),

    confirmedHeading: t('confirmedHeading'),
    confirmedBody: (business: string) => t('confirmedBody', { business }),
    overpaidNote: (excess: string, coin: string) => t('overpaidNote', { excess, coin }),
    redirecting: (business: string) => t('redirecting', { business }),
    returnToMerchant: (business: string) => t('returnToMerchant', { business }),

    underpaidHeading: t('underpaidHeading'),
    underpaidBody: (due: string, coin: string) => t('underpaidBody', { due, coin }),
    remainderHeading: t('remainderHeading'),
    remainderQrAlt: (amount: string, coin: string, address: string) =>
      t('remainderQrAlt', { amount, coin, address }),

    refundHeading: t('refundHeading'),
    refundIntro: (network: string) => t('refundIntro', { network }),
    refundLabel: (network: string) => t('refundLabel', { network }),
    refundHint: t('refundHint'),
    refundSubmit: t('refundSubmit'),
    refundRequestedHeading: t('refundRequestedHeading'),
    refundRequestedBody: (business: string, address: string) =>
      t('refundRequestedBody', { business, address }),
    refundedHeading: t('refundedHeading'),
    refundedBody: (business: string) => t('refundedBody', { business }),
    refundTransaction: t('refundTransaction'),

    expiredHeading: t('expiredHeading'),
    expiredBody: t('expiredBody'),
    expiredUnderpaidHeading: t('expiredUnderpaidHeading'),
    expiredUnderpaidBody: (received: string, coin: string) => t('expiredUnderpaidBody', { received, coin }),
    expiredReorgedHeading: t('expiredReorgedHeading'),
    expiredReorgedBody: t('expiredReorgedBody'),
    cancelledHeading: t('cancelledHeading'),
    cancelledByCustomer: t('cancelledByCustomer'),
    cancelledByMerchant: t('cancelledByMerchant'),
    receivedAfterClose: (amount: string, coin: string) => t('receivedAfterClose', { amount, coin }),
    seenAfterClose: (confirmations: number) => t('seenAfterClose', { confirmations }),
    afterCloseAddressOnRecord: (business: string, address: string) =>
      t('afterCloseAddressOnRecord', { business, address }),
    afterCloseRefundRequested: (business: string, address: string) =>
      t('afterCloseRefundRequested', { business, address }),
    refundsSent: t('refundsSent'),
    failedHeading: t('failedHeading'),
    failedBody: (reason: string) => t('failedBody', { reason }),
    failureReasons: byKey(FAILURE_REASONS, 'failureReasons') as Record<string, string>,
    failureUnknown: t('failureUnknown'),
    pendingStatus: t('pendingStatus'),

    linkPay: t('linkPay'),
    linkHint: t('linkHint'),
    linkNotFoundTitle: t('linkNotFoundTitle'),
    linkNotFoundBody: t('linkNotFoundBody'),
    linkInactiveTitle: t('linkInactiveTitle'),
    linkInactiveBody: t('linkInactiveBody'),
    linkSoldOutTitle: t('linkSoldOutTitle'),
    linkSoldOutBody: t('linkSoldOutBody'),
    linkUnavailableTitle: t('linkUnavailableTitle'),
    linkUnavailableBody: t('linkUnavailableBody'),

    invoiceTitle: (number: string) => t('invoiceTitle', { number }),
    invoiceFrom: t('invoiceFrom'),
    invoiceTo: t('invoiceTo'),
    invoiceDue: t('invoiceDue'),
    invoiceOverdue: t('invoiceOverdue'),
    invoiceItem: t('invoiceItem'),
    invoiceQuantity: t('invoiceQuantity'),
    invoiceUnitPrice: t('invoiceUnitPrice'),
    invoiceAmount: t('invoiceAmount'),
    invoiceTotal: t('invoiceTotal'),
    invoicePay: t('invoicePay'),
    invoicePayHint: t('invoicePayHint'),
    invoicePrint: t('invoicePrint'),
    invoiceBack: t('invoiceBack'),
    invoicePaidTitle: t('invoicePaidTitle'),
    invoicePaidBody: (date: string) => t('invoicePaidBody', { date }),
    invoiceRefundedTitle: t('invoiceRefundedTitle'),
    invoiceRefundedBody: t('invoiceRefundedBody'),
    invoiceVoidTitle: t('invoiceVoidTitle'),
    invoiceVoidBody: t('invoiceVoidBody'),
    invoiceNotFoundTitle: t('invoiceNotFoundTitle'),
    invoiceNotFoundBody: t('invoiceNotFoundBody'),
    invoiceUnavailableTitle: t('invoiceUnavailableTitle'),
    invoiceUnavailableBody: t('invoiceUnavailableBody'),

    notFoundTitle: t('notFoundTitle'),
    notFoundBody: t('notFoundBody'),
    rateLimitedTitle: t('rateLimitedTitle'),
    rateLimitedBody: (seconds: number) => t('rateLimitedBody', { seconds }),
    errorTitle: t('errorTitle'),
    errorBody: t('errorBody'),
    badRequestBody: t('badRequestBody'),
    unavailableTitle: t('unavailableTitle'),
    unavailableBody: t('unavailableBody'),
    tryAgain: t('tryAgain'),
    backToPayment: t('backToPayment'),
    noticeHeading: t('noticeHeading'),
    noticeRefundAddressInvalid: (network: string) => t('noticeRefundAddressInvalid', { network }),
    noticeOptionUnavailable: t('noticeOptionUnavailable'),
    noticeNotPossibleNow: t('noticeNotPossibleNow'),
  };
}

/** The shape every language's messages have. */
export type Messages = ReturnType<typeof buildMessages>;

const built = new Map<CustomerLocale, Messages>();

/** The messages of language `tag` (built once per language). */
export function messagesFor(tag: CustomerLocale): Messages {
  let messages = built.get(tag);
  if (!messages) {
    messages = buildMessages(tag);
    built.set(tag, messages);
  }
  return messages;
}

/** The English messages: the default language. */
export const messages = messagesFor(DEFAULT_CUSTOMER_LOCALE);
