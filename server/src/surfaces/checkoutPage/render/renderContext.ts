import type { CheckoutPaths } from './checkoutPaths.js';
import type { Messages } from './messages.js';

/** What every checkout template needs besides the payment. */
export interface RenderContext {
  readonly messages: Messages;
  readonly paths: CheckoutPaths;
  /** A message from a refused customer action, shown above the actions. */
  readonly notice?: string;
  /** The refund address the customer typed when it was refused, with the reason. */
  readonly refundError?: { readonly value: string; readonly message: string };
}
