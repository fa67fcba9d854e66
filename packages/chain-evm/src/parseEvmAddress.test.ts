import { describe, expect, it } from 'vitest';
import { parseEvmAddress } from './parseEvmAddress.js';

// vitalik.eth, as Etherscan shows it (EIP-55 checksummed).
const VITALIK = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const HEX = VITALIK.slice(2);

const accepted = (chainId: string, input: string) => {
  const parsed = parseEvmAddress(chainId, input);
  if (!parsed.ok) throw new Error(`refused ${JSON.stringify(input)}: ${parsed.message}`);
  return parsed;
};

describe('parseEvmAddress', () => {
  it('reads an exact checksummed address without canonicalising it', () => {
    expect(parseEvmAddress('ETH', VITALIK)).toEqual({
      ok: true,
      address: VITALIK,
      canonicalized: false,
      checksum: 'verified',
    });
  });

  it.each([
    ['surrounding spaces and a newline', `  ${VITALIK}\n`],
    ['a tab and a no-break space', `\t${VITALIK}\u00a0`],
    ['zero-width characters and a BOM', `\ufeff\u200b${VITALIK}\u200b`],
    ['double quotes', `"${VITALIK}"`],
    ['backticks', `\`${VITALIK}\``],
    ['angle brackets', `<${VITALIK}>`],
    ['a missing 0x', HEX],
    ['an upper-case 0X', `0X${HEX}`],
    ['an ethereum: URI', `ethereum:${VITALIK}`],
    ['an ethereum:pay- URI with the chain id and a value', `ethereum:pay-${VITALIK}@8453?value=1e18`],
    ['a CAIP-10 account id', `eip155:8453:${VITALIK}`],
    ['an EIP-3770 short name', `base:${VITALIK}`],
    ['an upper-case short name and spaces inside', `BASE: ${VITALIK}`],
  ])('canonicalises %s', (_what, input) => {
    expect(accepted('BASE', input)).toEqual({
      ok: true,
      address: VITALIK,
      canonicalized: true,
      checksum: 'verified',
    });
  });

  it('knows every EIP-3770 short name of its chains, Polygon under both names', () => {
    expect(accepted('ETH', `eth:${VITALIK}`).address).toBe(VITALIK);
    expect(accepted('ETH_SEPOLIA', `sep:${VITALIK}`).address).toBe(VITALIK);
    expect(accepted('BASE_SEPOLIA', `basesep:${VITALIK}`).address).toBe(VITALIK);
    expect(accepted('POLYGON', `matic:${VITALIK}`).address).toBe(VITALIK);
    expect(accepted('POLYGON', `pol:${VITALIK}`).address).toBe(VITALIK);
    expect(accepted('POLYGON_AMOY', `polygonamoy:${VITALIK}`).address).toBe(VITALIK);
    expect(accepted('BSC', `bnb:${VITALIK}`).address).toBe(VITALIK);
    expect(accepted('BSC_TESTNET', `bnbt:${VITALIK}`).address).toBe(VITALIK);
  });

  it('applies the checksum to one-case input and canonicalises with it', () => {
    expect(accepted('ETH', VITALIK.toLowerCase())).toMatchObject({
      canonicalized: false,
      checksum: 'applied',
    });
    expect(accepted('ETH', `0x${HEX.toUpperCase()}`)).toMatchObject({
      address: VITALIK,
      canonicalized: false,
      checksum: 'applied',
    });
    expect(accepted('ETH', ` ${VITALIK.toLowerCase()} `)).toMatchObject({
      address: VITALIK,
      canonicalized: true,
      checksum: 'applied',
    });
  });

  it('refuses a prefix or chain id of another network, naming both', () => {
    for (const input of [`eth:${VITALIK}`, `ethereum:${VITALIK}@1`, `eip155:1:${VITALIK}`]) {
      const parsed = parseEvmAddress('BASE', input);
      expect(parsed).toMatchObject({ ok: false, code: 'WRONG_NETWORK' });
      expect(!parsed.ok && parsed.message).toMatch(/Ethereum mainnet.*Base mainnet/);
    }
    expect(parseEvmAddress('BASE', `ethereum:${VITALIK}@424242`)).toMatchObject({
      ok: false,
      code: 'WRONG_NETWORK',
      message: expect.stringContaining('chain id 424242'),
    });
    expect(parseEvmAddress('ETH_LOCAL', `eth:${VITALIK}`)).toMatchObject({ code: 'WRONG_NETWORK' });
    expect(accepted('ETH_LOCAL', `ethereum:${VITALIK}@31337`).address).toBe(VITALIK);
  });

  it('refuses an unknown prefix and a token payment request', () => {
    expect(parseEvmAddress('BASE', `tron:${VITALIK}`)).toMatchObject({
      code: 'INVALID_ADDRESS',
      message: expect.stringContaining('unknown prefix (tron:)'),
    });
    const transfer = `ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=${VITALIK}&uint256=1`;
    expect(parseEvmAddress('BASE', transfer)).toMatchObject({
      code: 'INVALID_ADDRESS',
      message: expect.stringContaining('token contract'),
    });
    expect(parseEvmAddress('BASE', `ethereum:${VITALIK}@base`)).toMatchObject({ code: 'INVALID_ADDRESS' });
  });

  it('refuses a wrong checksum, whatever surrounds it', () => {
    const flipped = VITALIK.replace('d8dA', 'd8DA');
    for (const input of [flipped, ` ${flipped} `, `base:${flipped}`, flipped.slice(2)]) {
      expect(parseEvmAddress('BASE', input)).toMatchObject({
        ok: false,
        code: 'CHECKSUM_MISMATCH',
        message: expect.stringMatching(/typo or was altered.*Copy it again from the wallet/),
      });
    }
  });

  it.each([
    ['', /Enter an address on Base mainnet/],
    ['   ', /Enter an address/],
    ['0x1234', /4 hex digits after 0x; an address has exactly 40/],
    [`${VITALIK}0`, /41 hex digits/],
    [VITALIK.slice(0, -1), /39 hex digits/],
    [VITALIK.replace('a', '\u0430'), /not hex digits.*look-alike/],
    ['vitalik.eth', /ENS names are not accepted/],
    [`0x${'ab'.repeat(32)}`, /64 hex digits: a transaction hash or a private key/],
    ['hello world', /not an EVM address/],
    ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', /not an EVM address/],
    ['x'.repeat(600), /far too long/],
  ])('refuses %j as INVALID_ADDRESS', (input, message) => {
    expect(parseEvmAddress('BASE', input)).toEqual({
      ok: false,
      code: 'INVALID_ADDRESS',
      message: expect.stringMatching(message),
    });
  });

  it('refuses a recovery phrase pasted by mistake, telling not to share it', () => {
    const phrase =
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
    expect(parseEvmAddress('ETH', phrase)).toMatchObject({
      code: 'PRIVATE_KEY_REJECTED',
      message: expect.stringContaining('never share it'),
    });
  });

  it('refuses a chain that is not EVM', () => {
    expect(parseEvmAddress('BTC', VITALIK)).toMatchObject({ code: 'UNSUPPORTED_CHAIN' });
    expect(parseEvmAddress('NOPE', VITALIK)).toMatchObject({ code: 'UNSUPPORTED_CHAIN' });
  });
});
