/**
 * Published vectors of the BIP-39 test phrase "abandon abandon ... about" (empty passphrase).
 * BIP-32 seed and account keys/addresses from BIP-44/49/84 and SLIP-132 unless marked otherwise.
 */
export const ABANDON_SEED =
  '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4';

/** m/44'/0'/0' (SLIP-132 test vectors). */
export const BIP44_XPUB =
  'xpub6BosfCnifzxcFwrSzQiqu2DBVTshkCXacvNsWGYJVVhhawA7d4R5WSWGFNbi8Aw6ZRc1brxMyWMzG3DSSSSoekkudhUd9yLb6qx39T9nMdj';
/** m/49'/0'/0' (SLIP-132 test vectors). */
export const BIP49_YPUB =
  'ypub6Ww3ibxVfGzLrAH1PNcjyAWenMTbbAosGNB6VvmSEgytSER9azLDWCxoJwW7Ke7icmizBMXrzBx9979FfaHxHcrArf3zbeJJJUZPf663zsP';
/** m/84'/0'/0' (BIP-84, SLIP-132). */
export const BIP84_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
/** m/84'/0'/0' private (BIP-84). */
export const BIP84_ZPRV =
  'zprvAdG4iTXWBoARxkkzNpNh8r6Qag3irQB8PzEMkAFeTRXxHpbF9z4QgEvBRmfvqWvGp42t42nvgGpNgYSJA9iefm1yYNZKEm7z6qUWCroSQnE';
/** m/84'/0'/0'/0/0 private key, WIF (BIP-84). */
export const BIP84_FIRST_WIF = 'KyZpNDKnfs94vbrwhJneDi77V6jF64PWPF8x5cdJb8ifgg2DUc9d';
/** m/49'/1'/0' (BIP-49, testnet). */
export const BIP49_UPUB =
  'upub5EFU65HtV5TeiSHmZZm7FUffBGy8UKeqp7vw43jYbvZPpoVsgU93oac7Wk3u6moKegAEWtGNF8DehrnHtv21XXEMYRUocHqguyjknFHYfgY';
/** HASH160 of the P2SH-P2WPKH redeem script of m/49'/1'/0'/0/0 (BIP-49 `addressBytes`). */
export const BIP49_FIRST_SCRIPT_HASH = '336caa13e08b96080a32b5d818d59b4ab3b36742';
/** m/84'/1'/0' (widely published; e.g. bitcoinerlab, BDK and Sparrow test suites). */
export const TESTNET_VPUB =
  'vpub5Y6cjg78GGuNLsaPhmYsiw4gYX3HoQiRBiSwDaBXKUafCt9bNwWQiitDk5VZ5BVxYnQdwoTyXSs2JHRPAgjAvtbBrf8ZhDYe2jWAqvZVnsc';
/** m/44'/1'/0' (widely published). */
export const TESTNET_TPUB =
  'tpubDC5FSnBiZDMmhiuCmWAYsLwgLYrrT9rAqvTySfuCCrgsWz8wxMXUS9Tb9iVMvcRbvFcAHGkMD5Kx8koh4GquNGNTfohfk7pgjhaPCdXpoba';
/** m/44'/2'/0', m/49'/2'/0' (Litecoin; published in several wallet test suites). */
export const LTC_LTUB =
  'Ltub2YDQmP391UYeDYvLye9P1SuNJFkcRGN7SYHM8JMxaDnegcPTXHJ2BnYmvHnFnGPGKu2WMuCga6iZV3SDxDMGrRyMcrYEfSPhrpS1EPkC43E';
export const LTC_MTUB =
  'Mtub2rz9F1pkisRsSZX8sa4Ajon9GhPP6JymLgpuHqbYdU5JKFLBF7Qy8b1tZ3dccj2fefrAxfrPdVkpCxuWn3g72UctH2bvJRkp6iFmp8aLeRZ';
/** m/44'/145'/0' (Bitcoin Cash; published with its CashAddr first address). */
export const BCH_XPUB =
  'xpub6ByHsPNSQXTWZ7PLESMY2FufyYWtLXagSUpMQq7Un96SiThZH2iJB1X7pwviH1WtKVeDP6K8d6xxFzzoaFzF3s8BKCZx8oEDdDkNnp4owAZ';
/** m/44'/3'/0' (Dogecoin; libdogecoin's own test). */
export const DOGE_DGUB =
  'dgub8rUhDtD3YFGZTUphBfpBbzvFxSMKQXYLzg87Me2ta78r2SdVLmypBUkkxrrn9RTnchsyiJSkHZyLWxD13ibBiXtuFWktBoDaGaZjQUBLNLs';
