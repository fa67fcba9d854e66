/** CAIRN_MASTER_KEY's value as 32 bytes: 64 hex digits, or base64 / base64url. */
export function decodeMasterKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key.length !== 32) throw new RangeError('CAIRN_MASTER_KEY must be 32 bytes (64 hex digits or base64)');
  return key;
}
