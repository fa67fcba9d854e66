import { describe, expect, it } from 'vitest';
import { walletConfirmationMail } from './walletMails.js';

describe('walletConfirmationMail', () => {
  const facts = {
    to: 'owner@shop.test',
    businessName: 'Tea <House>',
    chain: 'Bitcoin (BTC)',
    wallet:
      'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
    link: 'https://pay.example/dashboard/wallets/confirm?token=abc',
    validHours: 24,
    delayHours: 0,
  };

  it('names the chain and the full wallet, with the link, in text and HTML (escaped)', () => {
    const mail = walletConfirmationMail(facts);
    expect(mail.to).toBe('owner@shop.test');
    expect(mail.kind).toBe('wallet_confirmation');
    expect(mail.subject).toBe('Confirm the new Bitcoin (BTC) wallet for Tea <House>');
    expect(mail.text).toContain(`Chain: Bitcoin (BTC)\nWallet: ${facts.wallet}`);
    expect(mail.text).toContain(facts.link);
    expect(mail.text).toContain('expires in 24 hours');
    expect(mail.text).not.toContain('more hours');
    expect(mail.html).toContain(facts.wallet);
    expect(mail.html).toContain('Tea &lt;House&gt;');
    expect(mail.html).not.toContain('<House>');
  });

  it('says how long the operator makes a confirmed wallet wait', () => {
    expect(walletConfirmationMail({ ...facts, delayHours: 48 }).text).toContain(
      'this gateway waits 48 more hours',
    );
  });
});
