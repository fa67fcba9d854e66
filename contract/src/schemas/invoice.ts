import * as z from 'zod';
import { PaymentId, Timestamp } from './primitives.js';

/** Invoice object carried by invoice events. SPEC.md leaves its shape open; this is the minimum. */
export const InvoiceSchema = z
  .object({
    id: z.uuid(),
    payment_id: PaymentId.nullable(),
    status: z.string().meta({ description: 'Invoice status (open set; see the dashboard).' }),
    recipient_email: z.string().nullable(),
    created_at: Timestamp,
  })
  .meta({ id: 'Invoice', description: 'An invoice linked to a payment.' });

export type Invoice = z.infer<typeof InvoiceSchema>;
