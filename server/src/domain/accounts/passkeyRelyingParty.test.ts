import { describe, expect, it } from 'vitest';
import { passkeyRelyingParty } from './passkeyRelyingParty.js';

describe('passkeyRelyingParty', () => {
  it('is the host name and origin of an https dashboard', () => {
    expect(passkeyRelyingParty('https://pay.example.com/dashboard')).toEqual({
      id: 'pay.example.com',
      origin: 'https://pay.example.com',
      name: 'Cairn',
    });
  });

  it('allows localhost over plain http, as browsers do', () => {
    expect(passkeyRelyingParty('http://localhost:3000/dashboard')?.origin).toBe('http://localhost:3000');
  });

  it('has none for an IP address or a plain-http domain', () => {
    expect(passkeyRelyingParty('http://127.0.0.1:3000/dashboard')).toBeUndefined();
    expect(passkeyRelyingParty('https://[::1]:3000/dashboard')).toBeUndefined();
    expect(passkeyRelyingParty('https://192.0.2.1/dashboard')).toBeUndefined();
    expect(passkeyRelyingParty('http://pay.example.com/dashboard')).toBeUndefined();
  });
});
