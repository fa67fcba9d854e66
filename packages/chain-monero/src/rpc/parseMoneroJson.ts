/**
 * One JSON string (skipped whole, so nothing inside a label, a note or an error message is ever
 * rewritten), or an integer literal of 16 digits or more that is not part of a decimal or an exponent.
 */
const STRING_OR_LONG_INTEGER = /"[^"\\]*(?:\\.[^"\\]*)*"|(?<![\w.+-])-?\d{16,}(?![\w.])/g;

/**
 * Parses a monerod or monero-wallet-rpc answer without losing precision. Both print uint64 amounts in
 * piconero as bare JSON numbers (`"balance": 9007199254740993`), which `JSON.parse` would round to a
 * double above 2^53 (about 9007 XMR, a balance a busy merchant wallet reaches). Every integer literal
 * of 16 digits or more outside a string (every one that may exceed 2^53 - 1, which has 16) is
 * therefore turned into a string before `JSON.parse`; shorter integers stay numbers, exactly. Amount
 * fields thus arrive as a number or a digit string, and the typed methods turn both into a bigint
 * (`piconeroOf`). The scan is string-aware (strings are matched as whole tokens first), so a quote or
 * a digit run inside a label can never be rewritten, whatever its key.
 */
export function parseMoneroJson(text: string): unknown {
  return JSON.parse(
    text.replace(STRING_OR_LONG_INTEGER, (token) => (token.startsWith('"') ? token : `"${token}"`)),
  );
}
