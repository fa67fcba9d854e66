import type { EntityManager } from '@mikro-orm/postgresql';
import { findPaymentLinkRow } from './findPaymentLink.js';
import type { PaymentLinkRow } from './paymentLinkRow.js';

/** A link as its public page shows it: the row (with `uses`) and the merchant's business name. */
export interface LinkPage {
  readonly link: PaymentLinkRow;
  readonly businessName: string;
  /** Whether the link's API key is active (a revoked or deactivated key's link takes no payment). */
  readonly keyActive: boolean;
}

/** The link with id `id` for its public page (any business: the id is the customer's credential). */
export async function loadLinkPage(em: EntityManager, id: string): Promise<LinkPage | undefined> {
  const link = await findPaymentLinkRow(em, undefined, id);
  if (!link) return undefined;
  const [facts] = await em
    .getConnection()
    .execute<{ name: string; key_status: string }[]>(
      'select b.name, k.status as key_status from businesses b, api_keys k where b.id = ? and k.id = ?',
      [link.business_id, link.api_key_id],
    );
  return { link, businessName: facts?.name ?? '', keyActive: facts?.key_status === 'active' };
}
