/** A business name as stored (trimmed, inner spaces collapsed), or why it is refused. */
export function businessName(input: string | undefined): { name: string } | { error: string } {
  const name = (input ?? '').trim().replace(/\s+/g, ' ');
  if (name === '') return { error: 'Enter a name.' };
  if ([...name].length > 100) return { error: 'Use at most 100 characters.' };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name))
    return { error: 'Use letters, digits and punctuation only.' };
  return { name };
}
