import type { EntityManager } from '@mikro-orm/postgresql';
import { findPaymentLinkRow } from './findPaymentLink.js';
import type { PaymentLinkRow } from './paymentLinkRow.js';

/** A link as its public page shows it: the row (with `uses`) and the merchant's business name. */
export interface LinkPage {
  readonly link: PaymentLinkRow;
  readonly businessName: string;
}

/** The link with id `id` for its public page (any business: the id is the customer's credential). */
export async function loadLinkPage(em: EntityManager, id: string): Promise<LinkPage | undefined> {
  const link = await findPaymentLinkRow(em, undefined, id);
  if (!link) return undefined;
  const [business] = await em
    .getConnection()
    .execute<{ name: string }[]>('select name from businesses where id = ?', [link.business_id]);
  return { link, businessName: business?.name ?? '' };
}
