import type { Decision } from './types.js';

/** A refused command; the service turns it into the API error of the same code (409). */
export function refuse(code: 'PAYMENT_NOT_CANCELLABLE' | 'INVALID_PAYMENT_STATE', message: string): Decision {
  return { ok: false, code, message };
}
