/** Decimal places of XMR: 1 XMR = 10^12 piconero. */
export const MONERO_DECIMALS = 12;
/** The largest amount Monero carries (amounts are uint64 piconero). */
export const MAX_PICONERO = 0xffff_ffff_ffff_ffffn;
