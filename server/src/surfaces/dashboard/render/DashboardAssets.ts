import type { HashedAsset, PageAssets } from '../../../web/loadHashedAsset.js';

/** The dashboard's stylesheet and script, and the two scripts of the pages that use passkeys. */
export interface DashboardAssets extends PageAssets {
  /** `@simplewebauthn/browser` (its UMD bundle, served by the gateway: no CDN) and `passkeys.js`, in order. */
  readonly passkeys: readonly HashedAsset[];
}
