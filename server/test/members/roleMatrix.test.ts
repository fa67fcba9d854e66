import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { roleMatrixModule } from '../../scripts/roleMatrixModule.js';
import { ROLE_MATRIX } from '../../src/domain/members/roleMatrix.generated.js';

// docs/roles.md is the single source of the role matrix: the generated module must say the same.

const docs = readFileSync(new URL('../../../docs/roles.md', import.meta.url), 'utf8');
const generated = readFileSync(
  new URL('../../src/domain/members/roleMatrix.generated.ts', import.meta.url),
  'utf8',
);

describe('the role matrix', () => {
  it('is generated from docs/roles.md (run `pnpm --filter @cairn/server roles:write` when this fails)', () => {
    expect(generated).toBe(roleMatrixModule(docs));
  });

  it('gives the owner everything and the viewer only reading, as the issue says', () => {
    for (const [permission, roles] of Object.entries(ROLE_MATRIX)) {
      expect(roles, permission).toContain('owner');
      expect((roles as readonly string[]).includes('viewer'), permission).toBe(permission.endsWith('.read'));
    }
    expect(ROLE_MATRIX['members.manage']).toEqual(['owner']);
    expect(ROLE_MATRIX['ownership.transfer']).toEqual(['owner']);
  });

  it('refuses a table cell that is neither yes nor no', () => {
    expect(() =>
      roleMatrixModule(
        docs.replace('| `audit.read` | The audit log | yes', '| `audit.read` | The audit log | maybe'),
      ),
    ).toThrow(/neither yes nor no/);
  });
});
