import { describe, expect, it } from 'vitest';
import { checkoutMountPath } from '../surfaces/checkoutPage/render/checkoutPaths.js';
import { securityHeaders, strictTransportFor } from './securityHeaders.js';

describe('securityHeaders', () => {
  it('forbids framing by default, inline code always, and referrers to other sites', () => {
    const headers = securityHeaders({ frameAncestors: "'none'" });
    expect(headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('no-referrer');
  });

  it('lets forms redirect to the cancel_url origin and framing by configured origins', () => {
    const headers = securityHeaders({
      frameAncestors: "'self' https://shop.example",
      formActionOrigins: ['https://shop.example', 'https://shop.example'],
    });
    expect(headers['content-security-policy']).toContain("form-action 'self' https://shop.example;");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'self' https://shop.example;");
    expect(headers['x-frame-options']).toBeUndefined();
  });
});

describe('checkoutMountPath', () => {
  it('mounts the checkout at the path of its base URL, on any host', () => {
    expect(checkoutMountPath('http://localhost:3000/checkout')).toBe('/checkout');
    expect(checkoutMountPath('https://pay.example.com/c/')).toBe('/c');
    expect(checkoutMountPath('https://pay.example.com')).toBe('');
  });
});

describe('strictTransportFor', () => {
  it('leaves HSTS out for a host with a plain-http public host below it (includeSubDomains)', () => {
    const mixed = strictTransportFor(['https://example.com', 'http://api.example.com']);
    expect(mixed('example.com')).toBe(false);
    expect(mixed('api.example.com')).toBe(false);
    expect(strictTransportFor(['https://pay.example.com', 'http://example.com'])('pay.example.com')).toBe(
      true,
    );
  });

  it('sends HSTS when a public URL is https, except for a host a public URL serves over http', () => {
    expect(
      strictTransportFor(['http://localhost:3000', 'http://localhost:3000/dashboard'])('localhost'),
    ).toBe(false);
    const tls = strictTransportFor(['https://pay.example.com', 'https://pay.example.com/dashboard']);
    expect(tls('pay.example.com')).toBe(true);
    // A proxy that rewrites Host: still sent (browsers drop it on plain http anyway).
    expect(tls('127.0.0.1')).toBe(true);
    const mixed = strictTransportFor(['https://pay.example.com', 'http://api.internal.test:8080']);
    expect(mixed('pay.example.com')).toBe(true);
    expect(mixed('api.internal.test')).toBe(false);
  });
});
