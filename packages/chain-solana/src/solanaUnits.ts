/** Decimal places of SOL: 1 SOL = 10^9 lamports. */
export const SOLANA_DECIMALS = 9;
