/**
 * A budget of failed authentications per caller address and time window. A lookup of an unknown key
 * takes one unit first and gives it back when the key turns out good, so only failures spend the
 * budget, and concurrent attempts cannot overshoot it.
 */
export interface AuthFailureBudget {
  /**
   * Takes one unit for `address`: `undefined` when granted, or the seconds until the window ends
   * when the budget is spent (the caller must then refuse without looking the key up).
   */
  take(address: string): Promise<number | undefined>;
  /** Gives back a unit taken for an attempt that did not fail authentication. */
  refund(address: string): Promise<void>;
}
