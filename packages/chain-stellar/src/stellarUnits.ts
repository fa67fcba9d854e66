/** Decimal places of every classic Stellar amount (XLM and issued assets alike): 1 XLM = 10^7 stroops. */
export const STELLAR_DECIMALS = 7;
/** The largest amount a classic Stellar balance or payment can carry: int64 stroops. */
export const MAX_STROOPS = 2n ** 63n - 1n;
