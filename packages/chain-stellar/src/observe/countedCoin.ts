import { USDC_ASSET_CODE } from '../stellarUsdc.js';

/** The asset fields Horizon prints on payments and on `asset_balance_changes` entries. */
export interface HorizonAssetFields {
  /** `native`, `credit_alphanum4` or `credit_alphanum12`. */
  readonly asset_type?: string;
  readonly asset_code?: string;
  readonly asset_issuer?: string;
}

/**
 * Which coin the watcher counts an asset as: `{ coinSymbol: undefined }` for XLM, `{ coinSymbol:
 * 'USDC' }` for Circle's USDC (a `credit_alphanum4` with code `USDC` AND issuer `usdcIssuer`), null
 * for anything else. A Stellar asset is the pair (code, issuer): a `USDC` of any other issuer is an
 * asset anyone can mint for free, never Circle's.
 */
export function countedCoin(asset: HorizonAssetFields, usdcIssuer: string): { coinSymbol?: string } | null {
  if (asset.asset_type === 'native') return {};
  if (
    asset.asset_type === 'credit_alphanum4' &&
    asset.asset_code === USDC_ASSET_CODE &&
    asset.asset_issuer === usdcIssuer
  ) {
    return { coinSymbol: USDC_ASSET_CODE };
  }
  return null;
}
