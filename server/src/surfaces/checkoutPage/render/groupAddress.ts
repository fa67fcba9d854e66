/** Characters per group of a displayed address. */
export const ADDRESS_GROUP = 4;

/**
 * Splits an address into groups of 4 characters for reading (`rltc 1q8x ...`). The page shows each
 * group as its own unbreakable box with space between them, so a line breaks only between groups and
 * the text itself (and what Copy takes) stays the exact address without spaces.
 */
export function groupAddress(address: string): string[] {
  const groups: string[] = [];
  for (let i = 0; i < address.length; i += ADDRESS_GROUP) groups.push(address.slice(i, i + ADDRESS_GROUP));
  return groups;
}
