import { join } from 'node:path';
import { EmbeddedPostgresError } from './EmbeddedPostgresError.js';
import type { ProgramOptions } from './spawnPostgresProgram.js';

/** The line of PostgreSQL's output that says what went wrong (FATAL/ERROR first), or the last one. */
export function failureLine(lines: readonly string[]): string {
  const line =
    lines.find((l) => /\b(FATAL|PANIC):/.test(l)) ??
    lines.find((l) => /\b(ERROR|error):|could not|cannot|invalid/i.test(l)) ??
    lines.at(-1) ??
    'no output';
  return line.replace(/^.*?\b(FATAL|PANIC|ERROR|LOG):\s*/, '').replace(/^initdb: (error: )?/, '');
}

/** A spawn failure of the program itself, as a sentence. */
export function cannotRun(program: string, options: ProgramOptions, error: Error): EmbeddedPostgresError {
  const code = (error as NodeJS.ErrnoException).code;
  return new EmbeddedPostgresError(
    `Cannot run the embedded PostgreSQL's ${program} (${join(options.binDir, program)}): ${code === 'EACCES' ? `permission denied${options.runAs ? ' for the postgres user' : ''}` : error.message}. Reinstall the dependencies, or set DATABASE_URL to a PostgreSQL server.`,
  );
}
