import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';

// The discovery documents over real HTTP: media types, the links between them resolving on this
// gateway, CORS for browsers, HEAD on the API catalog, and no OAuth metadata anywhere.

let test: TestGateway;

beforeAll(async () => {
  test = await startTestGateway({ env: { CAIRN_DOCS_URL: 'https://docs.example/cairn' } });
});
afterAll(async () => {
  await test?.stop();
});

/** A URL the documents name, as a path on the test gateway (the configured host is a placeholder). */
const local = (href: string) => `${test.baseUrl}${new URL(href).pathname}`;

describe('discovery documents', () => {
  it('the site root points at the API catalog, which links the OpenAPI document and the docs', async () => {
    const root = await fetch(`${test.baseUrl}/`);
    expect(root.status).toBe(200);
    expect(root.headers.get('link')).toBe('</.well-known/api-catalog>; rel="api-catalog"');
    const catalog = await fetch(`${test.baseUrl}/.well-known/api-catalog`);
    expect(catalog.status).toBe(200);
    expect(catalog.headers.get('content-type')).toBe(
      'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
    );
    expect(catalog.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await catalog.json()) as {
      linkset: { anchor: string; 'service-desc': { href: string }[]; 'service-doc': { href: string }[] }[];
    };
    expect(body.linkset[0]!.anchor).toMatch(/\/api\/v1$/);
    expect(body.linkset[0]!['service-doc']).toEqual([
      { href: 'https://docs.example/cairn', type: 'text/html' },
    ]);
    const openapi = await fetch(local(body.linkset[0]!['service-desc'][0]!.href));
    expect(openapi.status).toBe(200);
    expect(((await openapi.json()) as { openapi: string }).openapi).toBe('3.1.0');
    const head = await fetch(`${test.baseUrl}/.well-known/api-catalog`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toContain('application/linkset+json');
    expect(await head.text()).toBe('');
  });

  it('the MCP catalog names the server card, whose remote is the MCP endpoint that answers with a key', async () => {
    const catalog = await fetch(`${test.baseUrl}/.well-known/mcp/catalog.json`);
    expect(catalog.status).toBe(200);
    expect(catalog.headers.get('content-type')).toMatch(/^application\/json/);
    const { servers } = (await catalog.json()) as { servers: { serverCard: string; url: string }[] };
    const card = await fetch(local(servers[0]!.serverCard));
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('application/mcp-server-card+json');
    expect(card.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await card.json()) as {
      name: string;
      version: string;
      remotes: { type: string; url: string }[];
    };
    expect(body.name).toBe('io.cairn/gateway');
    expect(body.remotes[0]!.type).toBe('streamable-http');
    expect(body.remotes[0]!.url).toBe(servers[0]!.url);
    const mcp = await fetch(local(body.remotes[0]!.url), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${test.apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(mcp.status).toBe(200);
  });

  it('serves each document on the path of its configured URL when the MCP and site URLs are elsewhere', async () => {
    const elsewhere = await startTestGateway({
      env: { CAIRN_MCP_URL: 'https://agents.example/ai', CAIRN_SITE_URL: 'https://www.example/shop' },
    });
    try {
      const catalog = await fetch(`${elsewhere.baseUrl}/shop/.well-known/mcp/catalog.json`);
      const { servers } = (await catalog.json()) as { servers: { serverCard: string; url: string }[] };
      expect(servers[0]).toMatchObject({
        serverCard: 'https://agents.example/ai/mcp/server-card',
        url: 'https://agents.example/ai/mcp',
      });
      expect((await fetch(`${elsewhere.baseUrl}/ai/mcp/server-card`)).status).toBe(200);
      expect((await fetch(`${elsewhere.baseUrl}/shop/openapi.json`)).status).toBe(200);
      expect((await fetch(`${elsewhere.baseUrl}/shop/.well-known/api-catalog`)).status).toBe(200);
      expect((await fetch(`${elsewhere.baseUrl}/shop/`)).headers.get('link')).toBe(
        '</shop/.well-known/api-catalog>; rel="api-catalog"',
      );
      const mcp = await fetch(`${elsewhere.baseUrl}/ai/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${elsewhere.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });
      expect(mcp.status).toBe(200);
    } finally {
      await elsewhere.stop();
    }
  });

  it('serves no OAuth metadata: the API takes API keys only', async () => {
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-authorization-server']) {
      expect((await fetch(`${test.baseUrl}${path}`)).status, path).toBe(404);
    }
  });
});
