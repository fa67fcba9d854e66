import { describe, expect, it } from 'vitest';
import { redactCredentials } from './redactCredentials.js';

describe('redactCredentials', () => {
  it('keeps a URL without credentials as it is', () => {
    for (const url of [
      '/',
      '/api/v1/payments',
      '/api/v1/payments?limit=5&status=pending&order_id=a%20b',
      '/x?',
    ]) {
      expect(redactCredentials(url)).toBe(url);
    }
  });

  it('redacts the values of credential-like parameter names, whatever their spelling', () => {
    expect(redactCredentials('/p?api_key=abc&limit=1')).toBe('/p?api_key=[redacted]&limit=1');
    expect(redactCredentials('/p?limit=1&ApiKey=abc')).toBe('/p?limit=1&ApiKey=[redacted]');
    expect(redactCredentials('/p?api%5Fkey=abc')).toBe('/p?api%5Fkey=[redacted]');
    expect(redactCredentials('/p?client+secret=abc;refresh-token=def')).toBe(
      '/p?client+secret=[redacted];refresh-token=[redacted]',
    );
    expect(redactCredentials('/p?passwd=x&pwd=y&auth=z')).toBe(
      '/p?passwd=[redacted]&pwd=[redacted]&auth=[redacted]',
    );
    expect(redactCredentials('/p?token')).toBe('/p?token');
    expect(redactCredentials('/p?token=%zz&key=%')).toBe('/p?token=[redacted]&key=[redacted]');
  });

  it('redacts API keys and webhook secrets anywhere, case-insensitively and percent-encoded', () => {
    expect(redactCredentials('/pk_test_AAAA-_b/x?y=PK_LIVE_zz&z=whsec_Q')).toBe(
      '/[redacted]/x?y=[redacted]&z=[redacted]',
    );
    expect(redactCredentials('/p?q=pk%5Ftest%5Fabc&r=1')).toBe('/p?q=[redacted]&r=1');
    expect(redactCredentials('/p?%zz=pk_live_abc')).toBe('/p?%zz=[redacted]');
  });
});
