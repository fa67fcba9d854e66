/** `"value":123.45678901` (Bitcoin Core prints amounts as bare JSON numbers with 8 decimals). */
const AMOUNT_FIELD = /"(value|amount|fee)":(\s*)(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)/g;

/**
 * Turns the amount fields of a Bitcoin Core JSON-RPC response into strings before `JSON.parse`, so an
 * amount is never a binary float on its way to a bigint (`0.1 + 0.2` must not happen to money). Only
 * the keys `value`, `amount` and `fee` are rewritten; Bitcoin Core's other strings (hex, addresses,
 * asm) never contain a quote, so the pattern cannot match inside one.
 */
export function quoteAmountFields(json: string): string {
  return json.replace(AMOUNT_FIELD, '"$1":$2"$3"');
}
