import { describe, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { detectXrpSecret } from './detectXrpSecret.js';

describe('detectXrpSecret', () => {
  it('recognizes family seeds (ed25519 and secp256k1), valid or mistyped', () => {
    const ed = Wallet.generate().seed!;
    const secp = Wallet.generate('ecdsa-secp256k1' as Parameters<typeof Wallet.generate>[0]).seed!;
    expect(ed).toMatch(/^sEd/);
    expect(detectXrpSecret(ed)).toBe('seed');
    expect(detectXrpSecret(` ${secp}\n`)).toBe('seed');
    expect(detectXrpSecret(`${ed.slice(0, -1)}${ed.endsWith('a') ? 'b' : 'a'}`)).toBe('seed');
  });

  it('recognizes secret numbers and recovery phrases', () => {
    expect(detectXrpSecret('123456 234567 345678 456789 567890 678901 789012 890123')).toBe('secret-numbers');
    expect(
      detectXrpSecret('abandon ability able about above absent absorb abstract absurd abuse access accident'),
    ).toBe('recovery-phrase');
  });

  it('leaves addresses alone', () => {
    const wallet = Wallet.generate();
    expect(detectXrpSecret(wallet.classicAddress)).toBeUndefined();
    expect(detectXrpSecret(wallet.getXAddress(5, false))).toBeUndefined();
    expect(detectXrpSecret('hello world')).toBeUndefined();
  });
});
