import type { Gateway } from '../gateway/Gateway.js';
import type { ApiHandlers } from './ApiHandlers.js';
import { createCheckoutHandlers } from './checkoutHandlers.js';
import { createCreditHandlers } from './creditHandlers.js';
import { createEventHandlers } from './eventHandlers.js';
import { createInvoiceHandlers } from './invoiceHandlers.js';
import { createPaymentHandlers } from './paymentHandlers.js';
import { createPaymentLinkHandlers } from './paymentLinkHandlers.js';
import { createTestHelperHandlers } from './testHelperHandlers.js';

/**
 * The merchant API's handlers, one per contract route: the REST routes (registerApiRoutes, after
 * authentication, rate limit and request validation) and the MCP tools (callApiRoute, after the same)
 * both run these, so an operation behaves the same whichever way it is called.
 */
export function createApiHandlers(gateway: Gateway): ApiHandlers {
  return {
    ...createPaymentHandlers(gateway),
    ...createPaymentLinkHandlers(gateway),
    ...createInvoiceHandlers(gateway),
    ...createEventHandlers(gateway),
    ...createCreditHandlers(gateway),
    ...createCheckoutHandlers(gateway),
    ...createTestHelperHandlers(gateway),
  };
}
