const PAYMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Whether `id` has the shape of a payment id (a lower-case UUID), before any database lookup. Link
 * and invoice ids have the same shape: the hosted pages check every id in their URL with it.
 */
export function isPaymentId(id: string): boolean {
  return PAYMENT_ID.test(id);
}
