/** Decimal places of XRP: 1 XRP = 10^6 drops. */
export const XRP_DECIMALS = 6;
/** The most XRP there will ever be, in drops (100 billion XRP): no XRP amount can exceed it. */
export const MAX_DROPS = 100_000_000_000_000_000n;
