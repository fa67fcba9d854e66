import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TRANSITIONS } from '../../src/domain/lifecycle/transitionTable.js';

// docs/lifecycle.md, "Every transition and its events", lists every edge of the lifecycle's table with
// the events it sends, in the table's order; this keeps the page and the code equal.

const page = readFileSync(new URL('../../../docs/lifecycle.md', import.meta.url), 'utf8');

function documentedRows(): string[][] {
  const start = page.indexOf('### Every transition and its events');
  expect(start).toBeGreaterThan(-1);
  const section = page.slice(start).split('\n');
  const header = section.findIndex((line) => line.startsWith('| from | to | trigger |'));
  const rows: string[][] = [];
  for (const line of section.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

const code = (text: string) => `\`${text}\``;

describe('docs/lifecycle.md, every transition and its events', () => {
  it('lists each edge of TRANSITIONS, in order, with its trigger, events, source and rule', () => {
    const expected = TRANSITIONS.map((t) => [
      code(t.from),
      code(t.to),
      code(t.trigger),
      t.emits.length === 0 ? 'none' : t.emits.map(code).join(', '),
      t.source,
      t.rule,
    ]);
    expect(documentedRows()).toEqual(expected);
  });
});
