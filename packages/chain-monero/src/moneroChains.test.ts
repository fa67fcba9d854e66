import { CHAINS } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { encodeMoneroAddress } from './encodeMoneroAddress.js';
import { MoneroAdapterError } from './MoneroAdapterError.js';
import {
  isMoneroChainId,
  MONERO_ADDRESS_LEADS,
  MONERO_ADDRESS_PREFIXES,
  MONERO_CHAIN_IDS,
  type MoneroAddressKind,
  type MoneroNetwork,
  moneroNetworkOf,
} from './moneroChains.js';

describe('moneroChains', () => {
  it('knows exactly the Monero chains of the registry', () => {
    const registered = Object.values(CHAINS)
      .filter((chain) => chain.family === 'monero')
      .map((chain) => chain.id);
    expect([...MONERO_CHAIN_IDS].sort()).toEqual(registered.sort());
  });

  it('maps XMR and XMR_REGTEST to mainnet prefixes, XMR_STAGENET to stagenet', () => {
    expect(moneroNetworkOf('XMR')).toBe('mainnet');
    expect(moneroNetworkOf('XMR_REGTEST')).toBe('mainnet');
    expect(moneroNetworkOf('XMR_STAGENET')).toBe('stagenet');
    expect(isMoneroChainId('BTC')).toBe(false);
    expect(() => moneroNetworkOf('BTC')).toThrow(MoneroAdapterError);
  });

  it('has the prefixes of cryptonote_config.h, all distinct', () => {
    expect(MONERO_ADDRESS_PREFIXES).toEqual({
      mainnet: { standard: 18, integrated: 19, subaddress: 42 },
      testnet: { standard: 53, integrated: 54, subaddress: 63 },
      stagenet: { standard: 24, integrated: 25, subaddress: 36 },
    });
    const all = Object.values(MONERO_ADDRESS_PREFIXES).flatMap((prefixes) => Object.values(prefixes));
    expect(new Set(all).size).toBe(9);
  });

  it('says the first characters the prefixes really give (lowest and highest keys)', () => {
    for (const network of Object.keys(MONERO_ADDRESS_PREFIXES) as MoneroNetwork[]) {
      for (const kind of ['standard', 'integrated', 'subaddress'] as MoneroAddressKind[]) {
        const leads = new Set(
          ['00', 'ff'].map(
            (byte) =>
              encodeMoneroAddress({
                network,
                kind,
                publicSpendKey: byte.repeat(32),
                publicViewKey: byte.repeat(32),
                ...(kind === 'integrated' ? { paymentId: byte.repeat(8) } : {}),
              })[0],
          ),
        );
        expect([...leads].join(' or '), `${network} ${kind}`).toBe(MONERO_ADDRESS_LEADS[network][kind]);
      }
    }
  });
});
