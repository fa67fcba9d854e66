import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cairn, ValidationError } from '../src/index.js';
import { type FixtureServer, startFixtureServer } from './fixtureServer.js';

// cairn.invoices.export, cairn.events.export and cairn.credit.exportLedger against the fixture, whose
// stand-ins answer the query they were sent as a file: each method's filters reach the route as the
// contract spells them, the body is a stream of bytes, and a refused filter is a typed error.

let fixture: FixtureServer;
let cairn: Cairn;

beforeAll(async () => {
  fixture = await startFixtureServer();
  cairn = new Cairn({ apiKey: fixture.keys.test, baseUrl: fixture.baseUrl, maxRetries: 0 });
});
afterAll(async () => {
  await fixture?.close();
});

const read = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();
const csvPairs = (text: string) =>
  Object.fromEntries(
    text
      .split('\r\n')
      .filter((line) => line !== '')
      .slice(1)
      .map((line) => [line.slice(0, line.indexOf(',')), line.slice(line.indexOf(',') + 1)]),
  );

describe('exports beside the payments one', () => {
  it('cairn.invoices.export sends the list filters (not a page size or cursor) and streams the file', async () => {
    const stream = await cairn.invoices.export({
      status: ['open', 'void'],
      overdue: true,
      recipient_email: 'ada@example.com',
      created_gte: new Date('2026-11-01T00:00:00Z'),
    });
    expect(stream).toBeInstanceOf(ReadableStream);
    expect(csvPairs(await read(stream))).toEqual({
      mode: 'test',
      status: 'open,void',
      overdue: 'true',
      recipient_email: 'ada@example.com',
      created_gte: '2026-11-01T00:00:00.000Z',
    });
  });

  it('cairn.events.export sends the type list and the format', async () => {
    const text = await read(
      await cairn.events.export({ format: 'jsonl', type: ['payment.confirmed', 'payment.refunded'] }),
    );
    expect(JSON.parse(text)).toEqual({
      mode: 'test',
      format: 'jsonl',
      type: 'payment.confirmed,payment.refunded',
    });
  });

  it('cairn.credit.exportLedger exports the ledger of the key’s mode', async () => {
    const live = new Cairn({ apiKey: fixture.keys.live, baseUrl: fixture.baseUrl, maxRetries: 0 });
    const text = await read(await live.credit.exportLedger({ created_lt: '2026-12-01T00:00:00Z' }));
    expect(csvPairs(text)).toEqual({ mode: 'live', created_lt: '2026-12-01T00:00:00Z' });
  });

  it('rejects a filter the contract refuses with a typed error', async () => {
    await expect(cairn.invoices.export({ created_gte: 'yesterday' })).rejects.toBeInstanceOf(ValidationError);
    await expect(cairn.credit.exportLedger({ created_lt: 'soon' })).rejects.toBeInstanceOf(ValidationError);
  });
});
