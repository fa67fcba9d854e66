import { formatUnits } from '@cairn/chain-core';

/** Decimal places of XMR: 1 XMR = 10^12 piconero. */
export const XMR_DECIMALS = 12;
/** The largest amount Monero carries (amounts are uint64 piconero). */
export const MAX_PICONERO = 0xffff_ffff_ffff_ffffn;
/** Kept for server/ tests until they call `formatUnits(piconero, XMR_DECIMALS, { max: MAX_PICONERO })` from @cairn/chain-core. */
export const formatPiconero = (piconero: bigint): string =>
  formatUnits(piconero, XMR_DECIMALS, { max: MAX_PICONERO });
