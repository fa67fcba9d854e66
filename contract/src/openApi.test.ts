import { describe, expect, it } from 'vitest';
import { ERROR_CODE_LIST } from './errorCodes.js';
import { buildOpenApiDocument } from './openApi.js';
import { WEBHOOK_EVENT_NAMES } from './webhookEvents.js';

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { operationId?: string; security?: unknown }>>;
  webhooks: Record<string, unknown>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { scheme?: string }> };
  security: unknown;
  info: { description: string };
};

describe('OpenAPI document', () => {
  const doc = buildOpenApiDocument() as unknown as Doc;

  it('is OpenAPI 3.1 with a bearer scheme applied globally', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearerAuth?.scheme).toBe('bearer');
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
  });

  it('has an operationId for every operation of the contract', () => {
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(ids.sort()).toEqual(
      [
        'acceptShortfall',
        'cancelPayment',
        'createInvoice',
        'createPayment',
        'createPaymentLink',
        'deactivatePaymentLink',
        'exportCreditLedger',
        'exportEvents',
        'exportInvoices',
        'exportPayments',
        'followEvents',
        'expireTestPayment',
        'listEvents',
        'listInvoices',
        'listPaymentLinks',
        'listPayments',
        'recordRefund',
        'remindInvoice',
        'retrieveCheckout',
        'retrieveEvent',
        'retrieveInvoice',
        'retrievePayment',
        'retrievePaymentLink',
        'selectChain',
        'sendInvoice',
        'voidInvoice',
      ].sort(),
    );
  });

  it('names the component schemas and references them', () => {
    for (const name of [
      'Payment',
      'ChainOption',
      'Checkout',
      'Error',
      'CreatePaymentRequest',
      'PaymentStatus',
    ]) {
      expect(doc.components.schemas).toHaveProperty(name);
    }
    const text = JSON.stringify(doc);
    expect(text).not.toContain('#/$defs/');
    for (const ref of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      expect(doc.components.schemas, ref[1]).toHaveProperty(ref[1]!);
    }
  });

  it('documents every webhook event and every error code', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENT_NAMES].sort());
    for (const code of ERROR_CODE_LIST) expect(doc.info.description).toContain(code);
  });

  it('describes fiat_amount as a string, never a number', () => {
    const request = doc.components.schemas.CreatePaymentRequest as {
      properties: Record<string, { type: string }>;
      required: string[];
    };
    expect(request.properties.fiat_amount?.type).toBe('string');
    expect(request.required).toEqual(expect.arrayContaining(['fiat_amount', 'fiat_currency']));
  });
});
