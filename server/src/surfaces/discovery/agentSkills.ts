/**
 * The three agent skills of the discovery index (docs/api.md), as SKILL.md documents (Agent Skills format:
 * YAML front matter with `name` and `description`, then Markdown). Each names the gateway's own API
 * address and shows its calls as ```http blocks that a test runs against the live API
 * (`test/discovery/agentSkills.test.ts`): `$CAIRN_API_KEY` stands for the key, `{id}` for the id the
 * previous call returned.
 */
export interface AgentSkill {
  readonly name: string;
  readonly description: string;
  readonly markdown: string;
}

const frontMatter = (name: string, description: string) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n`;

const auth = `Authorization: Bearer $CAIRN_API_KEY
Content-Type: application/json`;

const commonRules = (openapi: string) => `## Rules

- Authenticate every call with \`Authorization: Bearer <API key>\`. A \`pk_test_\` key works on testnets
  only and is what you should use unless told otherwise; a \`pk_live_\` key moves real money.
- Money is always a decimal **string** (\`"25.00"\`), never a JSON number.
- Send an \`Idempotency-Key\` header on every POST (any unique string, reused when you retry the same
  call): a retry then returns the first result instead of acting twice.
- Errors are \`{ "error": { "code", "message", "request_id", "fields" } }\`; branch on \`code\`.
- The full API is described by ${openapi}.
`;

/**
 * The skills, with `api` the API base (`https://pay.example.com/api/v1`) and `openapi` the OpenAPI
 * document's address.
 */
export function agentSkills(api: string, openapi: string): AgentSkill[] {
  const createPayment = {
    name: 'cairn-create-payment',
    description:
      'Create a crypto payment for a fiat amount with the Cairn API, hand the customer its checkout link, and know when it is paid.',
  };
  const createLink = {
    name: 'cairn-create-payment-link',
    description:
      'Create a reusable Cairn payment link for a fixed fiat amount that customers open to pay, optionally limited in uses.',
  };
  const createInvoice = {
    name: 'cairn-create-invoice',
    description:
      'Create a Cairn invoice with line items and a due date, email it to the recipient, and follow it to paid.',
  };
  return [
    {
      ...createPayment,
      markdown: `${frontMatter(createPayment.name, createPayment.description)}
# Create a payment

Creates a payment in a fiat amount. The customer opens \`checkout_url\`, picks a coin and network, and
pays on-chain to an address of the merchant's own wallet.

\`\`\`http
POST ${api}/payments
${auth}
Idempotency-Key: order-1042

{"fiat_amount": "25.00", "fiat_currency": "USD", "order_id": "order-1042", "description": "Two bags of coffee"}
\`\`\`

The answer (201) is \`{ "data": <payment> }\`: give the customer \`data.checkout_url\`; keep \`data.id\`.

\`\`\`http
GET ${api}/payments/{id}
${auth}
\`\`\`

**Release goods only when \`status\` is \`confirmed\`** (or on the \`payment.confirmed\` webhook), never
on \`payment_detected\` or \`confirming\`. Other outcomes: \`underpaid\`, \`expired\`, \`cancelled\`,
\`refunded\`, \`failed\`.

${commonRules(openapi)}`,
    },
    {
      ...createLink,
      markdown: `${frontMatter(createLink.name, createLink.description)}
# Create a payment link

A payment link is a page for a fixed amount. Share its \`url\`: each customer who presses Pay gets a
payment of their own (with \`payment_link_id\` set to the link).

\`\`\`http
POST ${api}/payment-links
${auth}
Idempotency-Key: workshop-ticket-link

{"fiat_amount": "40.00", "fiat_currency": "EUR", "description": "Workshop ticket", "max_uses": 20}
\`\`\`

The answer (201) is \`{ "data": <payment link> }\`: share \`data.url\`. \`max_uses\` counts the link's
payments except those that expired unpaid or were cancelled. List what it sold:

\`\`\`http
GET ${api}/payments?payment_link_id={id}
${auth}
\`\`\`

Stop it with \`POST ${api}/payment-links/{id}/deactivate\`.

${commonRules(openapi)}`,
    },
    {
      ...createInvoice,
      markdown: `${frontMatter(createInvoice.name, createInvoice.description)}
# Create and send an invoice

An invoice has line items (quantity and unit price as decimal strings; Cairn computes each amount and
the total), a recipient and a due date. It is a draft until sent.

\`\`\`http
POST ${api}/invoices
${auth}
Idempotency-Key: invoice-acme-2026-11

{"recipient_email": "ada@example.com", "recipient_name": "Ada Lovelace", "fiat_currency": "EUR", "line_items": [{"description": "Design work", "quantity": "12", "unit_price": "80.00"}], "due_date": "2030-12-31", "reminder_days": [-3, 0, 7]}
\`\`\`

The answer (201) is \`{ "data": <invoice> }\` with \`status: "draft"\` and \`total\`. Send it: the
recipient gets an email with \`hosted_url\`, where they pay.

\`\`\`http
POST ${api}/invoices/{id}/send
${auth}
Idempotency-Key: invoice-acme-2026-11-send
\`\`\`

Its \`status\` becomes \`open\`, then \`paid\` when its payment confirms (the \`invoice.paid\` webhook).
\`POST ${api}/invoices/{id}/remind\` emails a reminder now; \`POST ${api}/invoices/{id}/void\` cancels it
while nothing was paid.

${commonRules(openapi)}`,
    },
  ];
}
