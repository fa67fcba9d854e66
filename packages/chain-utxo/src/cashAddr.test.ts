import { address } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import {
  decodeCashAddr,
  decodeCashAddrPayload,
  encodeCashAddr,
  encodeCashAddrPayload,
  hasValidCashAddrChecksum,
} from './cashAddr.js';

const hex = (value: string): Uint8Array => Uint8Array.from(Buffer.from(value, 'hex'));

// Every vector below is from the CashAddr specification (bitcoincash.org spec/cashaddr.md, v1.1).

const CHECKSUM_VECTORS = [
  'prefix:x64nx6hz',
  'p:gpf8m4h7',
  'bitcoincash:qpzry9x8gf2tvdw0s3jn54khce6mua7lcw20ayyn',
  'bchtest:spectestnetaddressrealrealaddressqpan2k9lh',
  'bchreg:555555555555555555555555555555555555555555555udxmlmrz',
];

const LEGACY_TRANSLATION = [
  ['1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'],
  ['1KXrWXciRDZUpQwQmuM1DbwsKDLYAYsVLR', 'bitcoincash:qr95sy3j9xwd2ap32xkykttr4cvcu7as4y0qverfuy'],
  ['16w1D5WRVKJuZUsSRzdLp9w3YGcgoxDXb', 'bitcoincash:qqq3728yw0y47sqn6l2na30mcw6zm78dzqre909m2r'],
  ['3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC', 'bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq'],
  ['3LDsS579y7sruadqu11beEJoTjdFiFCdX4', 'bitcoincash:pr95sy3j9xwd2ap32xkykttr4cvcu7as4yc93ky28e'],
  ['31nwvkZwyPdgzjBJZXfDmSWsC4ZLKpYyUw', 'bitcoincash:pqq3728yw0y47sqn6l2na30mcw6zm78dzq5ucqzc37'],
] as const;

const SIZED: ReadonlyArray<readonly [number, 'p2pkh' | 'p2sh', string, string]> = [
  [
    20,
    'p2pkh',
    'bitcoincash:qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2',
    'F5BF48B397DAE70BE82B3CCA4793F8EB2B6CDAC9',
  ],
  [
    20,
    'p2sh',
    'bchtest:pr6m7j9njldwwzlg9v7v53unlr4jkmx6eyvwc0uz5t',
    'F5BF48B397DAE70BE82B3CCA4793F8EB2B6CDAC9',
  ],
  [20, 'p2sh', 'pref:pr6m7j9njldwwzlg9v7v53unlr4jkmx6ey65nvtks5', 'F5BF48B397DAE70BE82B3CCA4793F8EB2B6CDAC9'],
  [
    24,
    'p2pkh',
    'bitcoincash:q9adhakpwzztepkpwp5z0dq62m6u5v5xtyj7j3h2ws4mr9g0',
    '7ADBF6C17084BC86C1706827B41A56F5CA32865925E946EA',
  ],
  [
    24,
    'p2sh',
    'bchtest:p9adhakpwzztepkpwp5z0dq62m6u5v5xtyj7j3h2u94tsynr',
    '7ADBF6C17084BC86C1706827B41A56F5CA32865925E946EA',
  ],
  [
    24,
    'p2sh',
    'pref:p9adhakpwzztepkpwp5z0dq62m6u5v5xtyj7j3h2khlwwk5v',
    '7ADBF6C17084BC86C1706827B41A56F5CA32865925E946EA',
  ],
  [
    28,
    'p2pkh',
    'bitcoincash:qgagf7w02x4wnz3mkwnchut2vxphjzccwxgjvvjmlsxqwkcw59jxxuz',
    '3A84F9CF51AAE98A3BB3A78BF16A6183790B18719126325BFC0C075B',
  ],
  [
    28,
    'p2sh',
    'bchtest:pgagf7w02x4wnz3mkwnchut2vxphjzccwxgjvvjmlsxqwkcvs7md7wt',
    '3A84F9CF51AAE98A3BB3A78BF16A6183790B18719126325BFC0C075B',
  ],
  [
    28,
    'p2sh',
    'pref:pgagf7w02x4wnz3mkwnchut2vxphjzccwxgjvvjmlsxqwkcrsr6gzkn',
    '3A84F9CF51AAE98A3BB3A78BF16A6183790B18719126325BFC0C075B',
  ],
  [
    32,
    'p2pkh',
    'bitcoincash:qvch8mmxy0rtfrlarg7ucrxxfzds5pamg73h7370aa87d80gyhqxq5nlegake',
    '3173EF6623C6B48FFD1A3DCC0CC6489B0A07BB47A37F47CFEF4FE69DE825C060',
  ],
  [
    32,
    'p2sh',
    'bchtest:pvch8mmxy0rtfrlarg7ucrxxfzds5pamg73h7370aa87d80gyhqxq7fqng6m6',
    '3173EF6623C6B48FFD1A3DCC0CC6489B0A07BB47A37F47CFEF4FE69DE825C060',
  ],
  [
    32,
    'p2sh',
    'pref:pvch8mmxy0rtfrlarg7ucrxxfzds5pamg73h7370aa87d80gyhqxq4k9m7qf9',
    '3173EF6623C6B48FFD1A3DCC0CC6489B0A07BB47A37F47CFEF4FE69DE825C060',
  ],
  [
    40,
    'p2pkh',
    'bitcoincash:qnq8zwpj8cq05n7pytfmskuk9r4gzzel8qtsvwz79zdskftrzxtar994cgutavfklv39gr3uvz',
    'C07138323E00FA4FC122D3B85B9628EA810B3F381706385E289B0B25631197D194B5C238BEB136FB',
  ],
  [
    40,
    'p2sh',
    'bchtest:pnq8zwpj8cq05n7pytfmskuk9r4gzzel8qtsvwz79zdskftrzxtar994cgutavfklvmgm6ynej',
    'C07138323E00FA4FC122D3B85B9628EA810B3F381706385E289B0B25631197D194B5C238BEB136FB',
  ],
  [
    40,
    'p2sh',
    'pref:pnq8zwpj8cq05n7pytfmskuk9r4gzzel8qtsvwz79zdskftrzxtar994cgutavfklv0vx5z0w3',
    'C07138323E00FA4FC122D3B85B9628EA810B3F381706385E289B0B25631197D194B5C238BEB136FB',
  ],
  [
    48,
    'p2pkh',
    'bitcoincash:qh3krj5607v3qlqh5c3wq3lrw3wnuxw0sp8dv0zugrrt5a3kj6ucysfz8kxwv2k53krr7n933jfsunqex2w82sl',
    'E361CA9A7F99107C17A622E047E3745D3E19CF804ED63C5C40C6BA763696B98241223D8CE62AD48D863F4CB18C930E4C',
  ],
  [
    48,
    'p2sh',
    'bchtest:ph3krj5607v3qlqh5c3wq3lrw3wnuxw0sp8dv0zugrrt5a3kj6ucysfz8kxwv2k53krr7n933jfsunqnzf7mt6x',
    'E361CA9A7F99107C17A622E047E3745D3E19CF804ED63C5C40C6BA763696B98241223D8CE62AD48D863F4CB18C930E4C',
  ],
  [
    48,
    'p2sh',
    'pref:ph3krj5607v3qlqh5c3wq3lrw3wnuxw0sp8dv0zugrrt5a3kj6ucysfz8kxwv2k53krr7n933jfsunqjntdfcwg',
    'E361CA9A7F99107C17A622E047E3745D3E19CF804ED63C5C40C6BA763696B98241223D8CE62AD48D863F4CB18C930E4C',
  ],
  [
    56,
    'p2pkh',
    'bitcoincash:qmvl5lzvdm6km38lgga64ek5jhdl7e3aqd9895wu04fvhlnare5937w4ywkq57juxsrhvw8ym5d8qx7sz7zz0zvcypqscw8jd03f',
    'D9FA7C4C6EF56DC4FF423BAAE6D495DBFF663D034A72D1DC7D52CBFE7D1E6858F9D523AC0A7A5C34077638E4DD1A701BD017842789982041',
  ],
  [
    56,
    'p2sh',
    'bchtest:pmvl5lzvdm6km38lgga64ek5jhdl7e3aqd9895wu04fvhlnare5937w4ywkq57juxsrhvw8ym5d8qx7sz7zz0zvcypqs6kgdsg2g',
    'D9FA7C4C6EF56DC4FF423BAAE6D495DBFF663D034A72D1DC7D52CBFE7D1E6858F9D523AC0A7A5C34077638E4DD1A701BD017842789982041',
  ],
  [
    56,
    'p2sh',
    'pref:pmvl5lzvdm6km38lgga64ek5jhdl7e3aqd9895wu04fvhlnare5937w4ywkq57juxsrhvw8ym5d8qx7sz7zz0zvcypqsammyqffl',
    'D9FA7C4C6EF56DC4FF423BAAE6D495DBFF663D034A72D1DC7D52CBFE7D1E6858F9D523AC0A7A5C34077638E4DD1A701BD017842789982041',
  ],
  [
    64,
    'p2pkh',
    'bitcoincash:qlg0x333p4238k0qrc5ej7rzfw5g8e4a4r6vvzyrcy8j3s5k0en7calvclhw46hudk5flttj6ydvjc0pv3nchp52amk97tqa5zygg96mtky5sv5w',
    'D0F346310D5513D9E01E299978624BA883E6BDA8F4C60883C10F28C2967E67EC77ECC7EEEAEAFC6DA89FAD72D11AC961E164678B868AEEEC5F2C1DA08884175B',
  ],
  [
    64,
    'p2sh',
    'bchtest:plg0x333p4238k0qrc5ej7rzfw5g8e4a4r6vvzyrcy8j3s5k0en7calvclhw46hudk5flttj6ydvjc0pv3nchp52amk97tqa5zygg96mc773cwez',
    'D0F346310D5513D9E01E299978624BA883E6BDA8F4C60883C10F28C2967E67EC77ECC7EEEAEAFC6DA89FAD72D11AC961E164678B868AEEEC5F2C1DA08884175B',
  ],
  [
    64,
    'p2sh',
    'pref:plg0x333p4238k0qrc5ej7rzfw5g8e4a4r6vvzyrcy8j3s5k0en7calvclhw46hudk5flttj6ydvjc0pv3nchp52amk97tqa5zygg96mg7pj3lh8',
    'D0F346310D5513D9E01E299978624BA883E6BDA8F4C60883C10F28C2967E67EC77ECC7EEEAEAFC6DA89FAD72D11AC961E164678B868AEEEC5F2C1DA08884175B',
  ],
];

// Undefined types (type 15): the type byte is (15 << 3) | size bits, whatever the data length.
const UNDEFINED_TYPES: ReadonlyArray<readonly [number, string, string]> = [
  [0, 'prefix:0qxsg0rgpa', ''],
  [7, 'prefix:0uwa85v9fp', ''],
  [
    0,
    'prefix:0zeuqqwwk0xjclsv4lzljpye09m74gv4darmzluu6g4yxxk5eja92nup8dp7p',
    'B3C001CEB3CD2C7E0CAFC5F904997977EAA1956F47B17F9CD22A431AD4CCBA55',
  ],
  [
    7,
    'prefix:07euqqwwk0xjclsv4lzljpye09m74gv4darmzluu6g4yxxk5eja922n8zkmjh',
    'B3C001CEB3CD2C7E0CAFC5F904997977EAA1956F47B17F9CD22A431AD4CCBA55',
  ],
  [
    0,
    'prefix:0p9l93rdpjunztm99mne67xhtejj5a2eanlj83mg0a7njunwf0ka0raa6ct6f6w42aw23a067gmaa45xwxc5q85tz8p3rhderusc62vp4atp3rk5',
    '4BF2C46D0CB9312F652EE79D78D75E652A7559ECFF23C7687F7D39726E4BEDD78FBDD617A4E9D5575CA8F5FAF237DED68671B1401E8B11C311DDB91F218D2981',
  ],
  [
    7,
    'prefix:0a9l93rdpjunztm99mne67xhtejj5a2eanlj83mg0a7njunwf0ka0raa6ct6f6w42aw23a067gmaa45xwxc5q85tz8p3rhderusc62vpf9plewfm',
    '4BF2C46D0CB9312F652EE79D78D75E652A7559ECFF23C7687F7D39726E4BEDD78FBDD617A4E9D5575CA8F5FAF237DED68671B1401E8B11C311DDB91F218D2981',
  ],
];

describe('CashAddr (spec test vectors)', () => {
  it.each(CHECKSUM_VECTORS)('%s has a valid checksum', (vector) => {
    expect(hasValidCashAddrChecksum(vector)).toBe(true);
    expect(hasValidCashAddrChecksum(vector.toUpperCase())).toBe(true);
  });

  it.each(LEGACY_TRANSLATION)('%s translates to %s and back', (legacy, cash) => {
    const { hash, version } = address.fromBase58Check(legacy);
    const type = version === 0 ? 'p2pkh' : 'p2sh';
    expect(encodeCashAddr('bitcoincash', type, hash)).toBe(cash);
    const decoded = decodeCashAddr(cash);
    expect(decoded).toEqual({ prefix: 'bitcoincash', type, hash: Uint8Array.from(hash) });
    expect(decodeCashAddr(cash.slice('bitcoincash:'.length), 'bitcoincash').hash).toEqual(decoded.hash);
  });

  it.each(SIZED)('%i-byte %s hash: %s', (size, type, cash, data) => {
    const hash = hex(data);
    expect(hash.length).toBe(size);
    const prefix = cash.slice(0, cash.indexOf(':'));
    expect(encodeCashAddr(prefix, type, hash)).toBe(cash);
    expect(decodeCashAddr(cash)).toEqual({ prefix, type, hash });
  });

  it.each(UNDEFINED_TYPES)('undefined type 15, size bits %i: %s', (sizeBits, cash, data) => {
    const payload = Uint8Array.from([(15 << 3) | sizeBits, ...hex(data)]);
    expect(encodeCashAddrPayload('prefix', payload)).toBe(cash);
    expect(decodeCashAddrPayload(cash)).toEqual({ prefix: 'prefix', payload });
    expect(() => decodeCashAddr(cash)).toThrow(/type 15/);
  });
});

describe('CashAddr rejects', () => {
  const valid = 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a';

  it('a broken checksum, a wrong prefix and mixed case', () => {
    const flipped = `${valid.slice(0, -1)}${valid.endsWith('a') ? 'q' : 'a'}`;
    expect(hasValidCashAddrChecksum(flipped)).toBe(false);
    expect(() => decodeCashAddr(flipped)).toThrow(/checksum/);
    expect(() => decodeCashAddr(valid.replace('bitcoincash', 'bchtest'))).toThrow(/checksum/);
    expect(() => decodeCashAddr('bitcoincash:Qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a')).toThrow(/case/);
    expect(decodeCashAddr(valid.toUpperCase()).prefix).toBe('bitcoincash');
  });

  it('characters outside the charset, a missing prefix, bad hash sizes', () => {
    expect(() => decodeCashAddr('bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6b')).toThrow(
      /character/,
    );
    expect(() => decodeCashAddr('qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a')).toThrow(/prefix/);
    expect(() => encodeCashAddr('bitcoincash', 'p2pkh', new Uint8Array(21))).toThrow(/21 bytes/);
    expect(() => encodeCashAddrPayload('Bad', new Uint8Array(1))).toThrow(/prefix/);
  });
});
