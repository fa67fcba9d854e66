import { readFileSync, writeFileSync } from 'node:fs';
import { roleMatrixModule } from './roleMatrixModule.js';

/** Writes server/src/domain/members/roleMatrix.generated.ts from docs/roles.md. */
const source = new URL('../../docs/roles.md', import.meta.url);
const target = new URL('../src/domain/members/roleMatrix.generated.ts', import.meta.url);
writeFileSync(target, roleMatrixModule(readFileSync(source, 'utf8')));
console.log(`wrote ${target.pathname}`);
