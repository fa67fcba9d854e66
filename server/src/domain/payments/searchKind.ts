const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How a search box entry is read: a payment id, an email, or else an order_id. */
export function searchKind(query: string): 'id' | 'email' | 'order_id' {
  if (UUID.test(query)) return 'id';
  if (query.includes('@')) return 'email';
  return 'order_id';
}
