import bs58check from 'bs58check';

/** The single-key script kinds Cairn derives deposit addresses for. */
export type ScriptKind = 'p2pkh' | 'p2sh-p2wpkh' | 'p2wpkh';

/** What an extended key's version bytes say about its script: a single-key kind, or multisig. */
export type Slip132Script = ScriptKind | 'multisig-p2sh-p2wsh' | 'multisig-p2wsh';

/** One registered extended-key version (SLIP-132, plus the SLIP-132-style keys wallets emit). */
export interface Slip132Version {
  /** The base58 prefix the version bytes produce, e.g. `zpub`. */
  readonly prefix: string;
  /** The four version bytes as a number, e.g. `0x04b24746`. */
  readonly version: number;
  /** Whether this is a private key (`xprv`, `vprv`, ...). */
  readonly isPrivate: boolean;
  /** The coin the registry assigns it to. */
  readonly coin: 'Bitcoin' | 'Litecoin' | 'Dogecoin';
  readonly testnet: boolean;
  readonly script: Slip132Script;
}

const v = (
  prefix: string,
  version: number,
  isPrivate: boolean,
  coin: Slip132Version['coin'],
  testnet: boolean,
  script: Slip132Script,
): Slip132Version => ({ prefix, version, isPrivate, coin, testnet, script });

/**
 * The version registry. Values from SLIP-0132 ("Registered HD version bytes for BIP-0032",
 * satoshilabs/slips), BIP-49 (`upub`/`uprv`), and Dogecoin Core's `chainparams.cpp` (`dgub`/`dgpv`,
 * also in Trezor's `dogecoin.json` and Trust Wallet Core's `HDVersion`). Each prefix is also
 * checked in the tests by encoding its version bytes.
 */
export const SLIP132_VERSIONS: readonly Slip132Version[] = [
  v('xpub', 0x0488b21e, false, 'Bitcoin', false, 'p2pkh'),
  v('xprv', 0x0488ade4, true, 'Bitcoin', false, 'p2pkh'),
  v('ypub', 0x049d7cb2, false, 'Bitcoin', false, 'p2sh-p2wpkh'),
  v('yprv', 0x049d7878, true, 'Bitcoin', false, 'p2sh-p2wpkh'),
  v('zpub', 0x04b24746, false, 'Bitcoin', false, 'p2wpkh'),
  v('zprv', 0x04b2430c, true, 'Bitcoin', false, 'p2wpkh'),
  v('Ypub', 0x0295b43f, false, 'Bitcoin', false, 'multisig-p2sh-p2wsh'),
  v('Yprv', 0x0295b005, true, 'Bitcoin', false, 'multisig-p2sh-p2wsh'),
  v('Zpub', 0x02aa7ed3, false, 'Bitcoin', false, 'multisig-p2wsh'),
  v('Zprv', 0x02aa7a99, true, 'Bitcoin', false, 'multisig-p2wsh'),
  v('tpub', 0x043587cf, false, 'Bitcoin', true, 'p2pkh'),
  v('tprv', 0x04358394, true, 'Bitcoin', true, 'p2pkh'),
  v('upub', 0x044a5262, false, 'Bitcoin', true, 'p2sh-p2wpkh'),
  v('uprv', 0x044a4e28, true, 'Bitcoin', true, 'p2sh-p2wpkh'),
  v('vpub', 0x045f1cf6, false, 'Bitcoin', true, 'p2wpkh'),
  v('vprv', 0x045f18bc, true, 'Bitcoin', true, 'p2wpkh'),
  v('Upub', 0x024289ef, false, 'Bitcoin', true, 'multisig-p2sh-p2wsh'),
  v('Uprv', 0x024285b5, true, 'Bitcoin', true, 'multisig-p2sh-p2wsh'),
  v('Vpub', 0x02575483, false, 'Bitcoin', true, 'multisig-p2wsh'),
  v('Vprv', 0x02575048, true, 'Bitcoin', true, 'multisig-p2wsh'),
  v('Ltub', 0x019da462, false, 'Litecoin', false, 'p2pkh'),
  v('Ltpv', 0x019d9cfe, true, 'Litecoin', false, 'p2pkh'),
  v('Mtub', 0x01b26ef6, false, 'Litecoin', false, 'p2sh-p2wpkh'),
  v('Mtpv', 0x01b26792, true, 'Litecoin', false, 'p2sh-p2wpkh'),
  v('ttub', 0x0436f6e1, false, 'Litecoin', true, 'p2pkh'),
  v('ttpv', 0x0436ef7d, true, 'Litecoin', true, 'p2pkh'),
  v('dgub', 0x02facafd, false, 'Dogecoin', false, 'p2pkh'),
  v('dgpv', 0x02fac398, true, 'Dogecoin', false, 'p2pkh'),
];

/** A registered version by its version bytes, or `undefined`. */
export function findSlip132ByVersion(version: number): Slip132Version | undefined {
  return SLIP132_VERSIONS.find((entry) => entry.version === version);
}

/** A registered version by its prefix (case-sensitive: `zpub` and `Zpub` differ), or `undefined`. */
export function findSlip132ByPrefix(prefix: string): Slip132Version | undefined {
  return SLIP132_VERSIONS.find((entry) => entry.prefix === prefix);
}

const SCRIPT_LABELS: Record<Slip132Script, string> = {
  p2pkh: 'legacy P2PKH',
  'p2sh-p2wpkh': 'nested SegWit',
  p2wpkh: 'native SegWit',
  'multisig-p2sh-p2wsh': 'nested SegWit multisig',
  'multisig-p2wsh': 'native SegWit multisig',
};

/** A short human label of a script kind, e.g. `native SegWit`. */
export function describeScript(script: Slip132Script): string {
  return SCRIPT_LABELS[script];
}

/** What a version is, e.g. `Bitcoin mainnet, native SegWit`. */
export function describeSlip132(entry: Slip132Version): string {
  return `${entry.coin} ${entry.testnet ? 'testnet' : 'mainnet'}, ${describeScript(entry.script)}`;
}

/** `a zpub`, `an xpub`, `an Ltub`: the prefix with the article it is read with. */
export function withArticle(prefix: string): string {
  return /^[xLM]/.test(prefix) ? `an ${prefix}` : `a ${prefix}`;
}

/** Length of a serialized BIP-32 extended key (version 4, depth 1, fingerprint 4, index 4, chain 32, key 33). */
export const EXTENDED_KEY_LENGTH = 78;

/**
 * Re-encodes a base58check extended key with other version bytes (e.g. a `zpub` as the `xpub` bip32
 * parses, or an `xpub` as a `zpub`). The key material is unchanged.
 */
export function convertExtendedKeyVersion(extendedKey: string, version: number): string {
  const bytes = bs58check.decode(extendedKey);
  if (bytes.length !== EXTENDED_KEY_LENGTH) throw new Error('not a BIP-32 extended key');
  const out = Uint8Array.from(bytes);
  new DataView(out.buffer).setUint32(0, version >>> 0, false);
  return bs58check.encode(out);
}
