/**
 * Arachnid's deterministic deployment proxy: `CREATE2` with the first 32 bytes of the calldata as the
 * salt and the rest as init code. It sits at this address on Ethereum, Base, Polygon, BNB Chain, their
 * testnets and every anvil (unless started with `--disable-default-create2-deployer`), which is what
 * makes a factory's address the same on every chain for one treasury.
 */
export const DETERMINISTIC_DEPLOYER = '0x4e59b44847b379578588920cA78FbF26c0B4956C' as const;

/** The salt every Cairn factory is deployed with through the proxy. */
export const FACTORY_SALT = `0x${'0'.repeat(64)}` as const;
