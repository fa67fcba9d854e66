/** Whether a Prepaid Credit balance (a decimal string in US dollars) is zero or negative. */
export function isExhausted(balance: string): boolean {
  return balance.startsWith('-') || /^0*(\.0*)?$/.test(balance);
}
