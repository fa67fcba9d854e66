import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';

// The agent-skills index: its digests match the bytes served, and every skill is correct against the
// live API: the ```http calls each SKILL.md shows are run as written (the key put in, `{id}` the id
// the previous call returned), and each must succeed.

let test: TestGateway;

beforeAll(async () => {
  test = await startTestGateway();
});
afterAll(async () => {
  await test?.stop();
});

/** A URL the documents name, as a path on the test gateway (the configured host is a placeholder). */
const local = (href: string) => `${test.baseUrl}${new URL(href).pathname}${new URL(href).search}`;

interface HttpCall {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

/** The ```http blocks of a SKILL.md: request line, headers, blank line, body. */
function httpCalls(markdown: string): HttpCall[] {
  return [...markdown.matchAll(/```http\n([\s\S]*?)```/g)].map((match) => {
    const [head, body] = match[1]!.split(/\n\n/, 2) as [string, string | undefined];
    const [requestLine, ...headerLines] = head.trim().split('\n');
    const [method, url] = requestLine!.split(' ') as [string, string];
    const headers = Object.fromEntries(
      headerLines.map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
    );
    return { method, url, headers, ...(body?.trim() ? { body: body.trim() } : {}) };
  });
}

describe('agent skills', () => {
  it('the index lists three skills whose digests match the bytes served, each run as written against the API', async () => {
    const index = await fetch(`${test.baseUrl}/.well-known/agent-skills/index.json`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/^application\/json/);
    const { skills } = (await index.json()) as {
      skills: { name: string; type: string; description: string; url: string; digest: string }[];
    };
    expect(skills.map((s) => s.name)).toEqual([
      'cairn-create-payment',
      'cairn-create-payment-link',
      'cairn-create-invoice',
    ]);
    for (const skill of skills) {
      expect(skill.type).toBe('skill-md');
      const served = await fetch(local(skill.url));
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toMatch(/^text\/markdown/);
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(`sha256:${createHash('sha256').update(bytes).digest('hex')}`, skill.name).toBe(skill.digest);
      const markdown = bytes.toString('utf8');
      expect(markdown.startsWith(`---\nname: ${skill.name}\ndescription: ${skill.description}\n---\n`)).toBe(
        true,
      );

      const calls = httpCalls(markdown);
      expect(calls.length, skill.name).toBeGreaterThanOrEqual(2);
      let id = '';
      for (const call of calls) {
        const headers = Object.fromEntries(
          Object.entries(call.headers).map(([k, v]) => [k, v.replace('$CAIRN_API_KEY', test.apiKey)]),
        );
        const response = await fetch(local(call.url.replace('{id}', id)), {
          method: call.method,
          headers,
          ...(call.body ? { body: call.body } : {}),
        });
        const text = await response.text();
        expect(
          response.status,
          `${skill.name}: ${call.method} ${call.url} -> ${text.slice(0, 300)}`,
        ).toBeLessThan(300);
        const body = JSON.parse(text) as { data: { id?: string } | unknown[] };
        if (!Array.isArray(body.data) && body.data.id) id = id || body.data.id;
      }
      expect(id, skill.name).not.toBe('');
    }
  });
});
