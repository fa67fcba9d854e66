import type { Gateway } from '../gateway/Gateway.js';
import { type PaymentListPage, type PaymentSearch, searchPayments } from './searchPayments.js';

/** One page of the dashboard's payments list ({@link searchPayments}), read on its own connection. */
export async function findPaymentListPage(gateway: Gateway, search: PaymentSearch): Promise<PaymentListPage> {
  return searchPayments(gateway.orm.em.fork(), search);
}
