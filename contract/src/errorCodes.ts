/**
 * Every error code the API returns, with its HTTP status. Clients branch on `code`, never on the
 * message. docs/api.md, "Error codes", lists them all.
 */
export const ERROR_CODES = {
  UNAUTHORIZED: { status: 401, description: 'API key missing, malformed, revoked or wrong.' },
  RATE_LIMITED: {
    status: 429,
    description:
      'Per-key rate limit exceeded, or too many failed authentications from this address. Back off and retry after the Retry-After header.',
  },
  COIN_NOT_IN_ACCEPTED_SET: {
    status: 422,
    description: 'select-chain on a restricted payment with a coin or chain outside the accepted set.',
  },
  RESTRICT_TO_ACCEPTED_REQUIRES_ALLOWLIST: {
    status: 422,
    description: 'restrict_to_accepted is true and no accepted set is given.',
  },
  PAYMENT_NOT_CANCELLABLE: {
    status: 409,
    description: 'Cancel requested when the status is payment_detected or later.',
  },
  INVALID_REQUEST: { status: 400, description: 'The request body is not valid JSON, or not UTF-8.' },
  VALIDATION_ERROR: {
    status: 422,
    description: 'The request failed schema validation; `fields` names each offending field.',
  },
  NOT_FOUND: { status: 404, description: 'No such resource for this key and mode, or no such route.' },
  METHOD_NOT_ALLOWED: { status: 405, description: 'The route exists but not with this HTTP method.' },
  PAYLOAD_TOO_LARGE: { status: 413, description: 'The request body exceeds the size limit.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, description: 'The request body is not application/json.' },
  INSUFFICIENT_CREDIT: {
    status: 402,
    description: 'The Prepaid Credit reserve of this mode is exhausted; top it up to create payments.',
  },
  IP_NOT_ALLOWED: { status: 403, description: "The caller's IP address is not in the key's allowlist." },
  LIVE_KEY_NOT_ALLOWED: {
    status: 403,
    description:
      'A live-mode key was used where the operator allows test keys only (the MCP endpoint, unless CAIRN_MCP_ALLOW_LIVE is set).',
  },
  TEST_MODE_ONLY: {
    status: 403,
    description:
      'A test helper (`/api/v1/test_helpers/...`) was called with a live-mode key. Test helpers change test-mode payments only; use a pk_test_ key.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    description: 'The Idempotency-Key was already used with a different request body.',
  },
  IDEMPOTENCY_REQUEST_IN_PROGRESS: {
    status: 409,
    description: 'A request with the same Idempotency-Key is still being processed; retry shortly.',
  },
  COIN_NOT_OFFERED: {
    status: 422,
    description: 'The chain and coin are not among the options this payment offers.',
  },
  CHAIN_ALREADY_SELECTED: {
    status: 409,
    description: 'A different chain or coin was already selected for this payment.',
  },
  INVALID_PAYMENT_STATE: {
    status: 409,
    description: 'The operation is not allowed in the payment’s current status.',
  },
  INVALID_INVOICE_STATE: {
    status: 409,
    description:
      'The invoice operation is not allowed in its current status (send a void or paid invoice, remind a draft, void a paid one or one whose payment has received funds).',
  },
  INVOICE_NUMBER_TAKEN: {
    status: 409,
    description: 'Another invoice of this business and mode already has this number.',
  },
  CHAIN_UNAVAILABLE: {
    status: 503,
    description: 'The chain is temporarily unavailable; pick another option or retry later.',
  },
  RATE_UNAVAILABLE: {
    status: 503,
    description:
      'No exchange rate could be obtained for any option of the payment right now (a rate source failed or timed out). Retry later.',
  },
  CURRENCY_NOT_SUPPORTED: {
    status: 422,
    description:
      'The fiat currency cannot be priced: every exchange-rate source of the gateway answered that it does not list it against any coin the payment could be paid in. Retrying will not help; use another currency.',
  },
  INTERNAL_ERROR: { status: 500, description: 'An unexpected server error. Safe to retry.' },
  SERVICE_UNAVAILABLE: { status: 503, description: 'The service is temporarily unavailable. Retry later.' },
} as const satisfies Record<string, { status: number; description: string }>;

/** A stable error code string. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** Every error code. */
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** The HTTP status that goes with an error code. */
export function httpStatusOf(code: ErrorCode): number {
  return ERROR_CODES[code].status;
}
