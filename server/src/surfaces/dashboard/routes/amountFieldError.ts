/** Advice for an amount typed with a decimal comma ("9,99", "1.234,50"), else undefined. */
export function decimalCommaAdvice(typed: string): string | undefined {
  const text = typed.trim();
  if (!/^\d+(?:[.\s\u00a0']\d{3})*,\d+$/.test(text)) return undefined;
  return `Use a dot for decimals, e.g. ${text.replace(/[.\s\u00a0']/g, '').replace(',', '.')}`;
}

/**
 * An amount field's error in a merchant's words, from what was typed and the API schema's message
 * (which speaks to developers: "must be a decimal string such as "49.90""). A comma used as the
 * decimal mark gets its own advice; any other malformed amount an example; the rest (greater than
 * zero, too many decimals for the currency) keeps the API's sense.
 */
export function amountFieldError(typed: string, apiMessage: string, example = '49.90'): string {
  const text = typed.trim();
  const comma = decimalCommaAdvice(text);
  if (comma) return comma;
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(text))
    return `Leave out the thousands separators, e.g. ${text.replaceAll(',', '')}`;
  if (text === '') return `Enter an amount such as ${example}`;
  if (/greater than zero/.test(apiMessage)) return 'Enter an amount greater than zero.';
  if (/decimal place/.test(apiMessage)) return `${apiMessage.charAt(0).toUpperCase()}${apiMessage.slice(1)}.`;
  if (/^\d+(?:\.\d+)?$/.test(text) && /digits before the point/.test(apiMessage))
    return `Enter a smaller amount such as ${example}`;
  return `Enter an amount such as ${example}`;
}
