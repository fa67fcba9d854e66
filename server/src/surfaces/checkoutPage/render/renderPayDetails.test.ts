import { getChain, getCoin } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { checkoutPaths } from './checkoutPaths.js';
import { messages } from './messages.js';
import { type PayDetailsInput, renderPayDetails } from './renderPayDetails.js';

const ctx = { messages, paths: checkoutPaths('/checkout', 'p1') };
const chain = getChain('ETH_SEPOLIA')!;
const now = new Date('2026-11-27T12:00:00Z');
const address = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';

function payView(symbol: string, amount: string, extra: Partial<PayDetailsInput> = {}): string {
  const coin = getCoin('ETH_SEPOLIA', symbol)!;
  return renderPayDetails(
    {
      chain,
      coin,
      address,
      memo: '',
      uri: `ethereum:${address}@11155111?value=${amount}`,
      qrPath: '/checkout/p1/qr.svg',
      expiresAt: new Date(now.getTime() + 3_600_000),
      now,
      kind: 'full',
      amount,
      ...extra,
    },
    ctx,
  ).toString();
}

/** The page's text as a customer reads it (tags and attributes removed). */
const visibleText = (markup: string) => markup.replace(/<[^>]*>/g, '');

describe('renderPayDetails', () => {
  it('shows an ETH amount rounded up to 6 places with ≈, the exact one on Copy and in the title', () => {
    const page = payView('ETH', '3333333333333334');
    expect(page).toContain(
      'data-copy-value="0.003333333333333334" title="Exact amount: 0.003333333333333334 ETH">≈0.003334</code>',
    );
    expect(page).toContain(messages.payRounded);
    expect(page).toContain(messages.payAtLeast);
    expect(page).not.toContain(messages.payExactly);
    const text = visibleText(page);
    expect(text).not.toContain('0.003333333333333334');
    expect(text).not.toContain('3333333333333334');
    expect(text).not.toMatch(/base units/);
    // The wallet link (URI) keeps the exact amount in smallest units.
    expect(page).toContain('value=3333333333333334');
  });

  it('shows an amount that needs no rounding as it is, without ≈ or the rounding note', () => {
    const page = payView('ETH', '50000000000000000');
    expect(page).toContain('title="Exact amount: 0.05 ETH">0.05</code>');
    expect(page).not.toContain('≈');
    expect(page).not.toContain(messages.payRounded);
    expect(page).toContain(messages.payExactly);
  });

  it('shows a stablecoin with two places', () => {
    const page = payView('USDC', '10869565', {
      evm: { chainId: 11155111, token: address, testWallet: false, gasless: false },
    });
    expect(page).toContain('>≈10.87</code>');
    expect(page).toContain('data-copy-value="10.869565"');
  });

  it('opens with the countdown and shows the address in groups of 4 that copy as one', () => {
    const page = payView('ETH', '1');
    expect(page.indexOf('data-countdown')).toBeLessThan(page.indexOf('class="details"'));
    expect(page).toContain(
      '<time class="countdown" datetime="2026-11-27T13:00:00.000Z" data-countdown>1:00:00</time>',
    );
    expect(page).toContain(
      `id="pay-address" data-copy-value="${address}"><span>0x71</span><span>C765</span><span>6EC7</span>`,
    );
    const code = page.match(/id="pay-address"[^>]*>(.*?)<\/code>/)![1]!;
    expect(visibleText(code)).toBe(address);
  });

  it('gives the browser wallet block the add-chain parameter from the server, or none to switch only', () => {
    const addChain = {
      chainId: '0xaa36a7',
      chainName: 'Ethereum Sepolia',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['https://rpc.example/sepolia'],
    };
    const evm = { chainId: 11155111, testWallet: false, gasless: false };
    const withAdd = payView('ETH', '1', { evm: { ...evm, addChain } });
    const attribute = withAdd.match(/data-add-chain="([^"]*)"/)![1]!;
    expect(JSON.parse(attribute.replaceAll('&quot;', '"'))).toEqual(addChain);
    // The picker is filled by the script; hidden until a wallet announces itself.
    expect(withAdd).toContain(
      `<fieldset class="wallet-picker" hidden><legend>${messages.chooseWallet}</legend>`,
    );
    expect(payView('ETH', '1', { evm })).toContain('data-add-chain=""');
  });
});
