/** The URLs (paths on the gateway) of one payment's checkout. */
export interface CheckoutPaths {
  readonly page: string;
  readonly select: string;
  readonly cancel: string;
  readonly refund: string;
  readonly events: string;
  readonly qr: string;
  readonly remainderQr: string;
  /** Dev chain only: the funded test wallet pays. */
  readonly testWallet: string;
  /** EIP-3009: the typed data to sign, then the signature to relay. */
  readonly gaslessPrepare: string;
  readonly gaslessSubmit: string;
}

/** The paths of the checkout of payment `id` under the mount path `base` (e.g. `/checkout`). */
export function checkoutPaths(base: string, id: string): CheckoutPaths {
  const page = `${base}/${id}`;
  return {
    page,
    select: `${page}/select`,
    cancel: `${page}/cancel`,
    refund: `${page}/refund`,
    events: `${page}/events`,
    qr: `${page}/qr.svg`,
    remainderQr: `${page}/remainder-qr.svg`,
    testWallet: `${page}/test-wallet`,
    gaslessPrepare: `${page}/gasless/prepare`,
    gaslessSubmit: `${page}/gasless/submit`,
  };
}

/**
 * Where the checkout is mounted on the gateway: the path of {checkout_url_base} (`/checkout` by
 * default). When the base is on another host, that host must route the same path to the gateway.
 */
export function checkoutMountPath(checkoutUrlBase: string): string {
  return new URL(checkoutUrlBase).pathname.replace(/\/+$/, '');
}
