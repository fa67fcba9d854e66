/** The chain ids the XRP Ledger adapter serves (contract/src/chainRegistry.ts). */
export const XRP_CHAIN_IDS = ['XRP', 'XRP_TESTNET'] as const;

/** One of {@link XRP_CHAIN_IDS}. */
export type XrpChainId = (typeof XRP_CHAIN_IDS)[number];

/** Whether `chainId` is an XRP Ledger chain this adapter serves. */
export function isXrpChainId(chainId: string): chainId is XrpChainId {
  return (XRP_CHAIN_IDS as readonly string[]).includes(chainId);
}

/**
 * Whether X-addresses of `chainId` carry the test-network flag (`T…`) rather than the main-network
 * one (`X…`): the XRP Ledger Testnet (and any other test network) uses test X-addresses.
 */
export function usesTestXAddresses(chainId: XrpChainId): boolean {
  return chainId !== 'XRP';
}

/** The network's name as a merchant knows it. */
export function xrpNetworkName(chainId: XrpChainId): string {
  return chainId === 'XRP' ? 'the XRP Ledger Mainnet' : 'the XRP Ledger Testnet';
}
