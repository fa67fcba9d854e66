/**
 * Checks that the PUBLISHED types work for a consumer: packs the SDK with `pnpm pack`, installs the
 * tarball with npm into a fresh project in a temp dir (zod comes from the registry as a dependency),
 * writes consumer code that uses the API, and type-checks it with the repo's TypeScript using
 * `skipLibCheck: false, strict: true` under
 *
 * - `module: nodenext` for an ESM file (.ts in a `type: module` package) and a CommonJS file (.cts),
 *   in a Node project (`types: ["node"]`, no DOM lib), and
 * - `moduleResolution: bundler` in a browser/edge style project (DOM lib, no @types/node).
 *
 * It also type-checks every TSDoc `@example` of the published declarations, as a module of its own,
 * so the documented examples stay correct. Exits non-zero on any error. Run after `pnpm build`: `tsx scripts/consumerTypecheck.ts`.
 * Set KEEP_CONSUMER=1 to keep the temp project for inspection.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const sdkDir = fileURLToPath(new URL('..', import.meta.url));
const tsc = createRequire(join(sdkDir, 'package.json')).resolve('typescript/bin/tsc');
const { version: tsVersion } = createRequire(join(sdkDir, 'package.json'))('typescript/package.json') as {
  version: string;
};
const workDir = mkdtempSync(join(tmpdir(), 'cairn-sdk-consumer-'));

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Consumer code shared by every configuration; `IMPORT` is replaced per module format. */
const consumerSource = `IMPORT

const cairn = new Cairn({ apiKey: 'pk_test_consumer', baseUrl: 'http://localhost:3000', timeoutMs: 10_000 });
const mode: 'test' | 'live' = cairn.mode;

async function main(): Promise<void> {
  const params: CreatePaymentParams = {
    fiat_amount: '25.00',
    fiat_currency: 'EUR',
    accepted_tokens: ['ETH_SEPOLIA:USDC'],
    order_id: 'order-1042',
    success_url: 'https://shop.example/thanks',
  };
  const payment: Payment = await cairn.payments.create(params, { idempotencyKey: generateIdempotencyKey() });
  const status: PaymentStatus = payment.status;
  const options: ChainOption[] = payment.chain_options;
  console.log(mode, status, payment.checkout_url, options.map((o) => o.chain_id + ':' + o.coin_symbol));

  const page = await cairn.payments.list({ limit: 10, status: ['confirmed', 'underpaid'] });
  const hasMore: boolean = page.has_more;
  for await (const listed of cairn.payments.list({ status: 'confirmed', created_gte: new Date(0) })) {
    const id: string = listed.id;
    console.log(id, hasMore);
  }

  const checkout: Checkout = await cairn.checkout.selectChain(payment.id, { token: 'ETH_SEPOLIA:USDC' });
  const selected: SelectedOption | null = checkout.selected;
  await cairn.checkout.selectChain(payment.id, { chain_id: 'BTC_TESTNET', coin_symbol: 'BTC' });
  const refund: Refund = await cairn.payments.recordRefund(payment.id, {
    chain_id: 'BTC_TESTNET',
    coin_symbol: 'BTC',
    tx_id: 'abc',
    amount: '1000',
  });
  console.log(selected?.address, refund.id);

  try {
    await cairn.payments.cancel(payment.id, { signal: AbortSignal.timeout(5_000), maxRetries: 0 });
  } catch (error) {
    if (error instanceof ConflictError && error.code === 'PAYMENT_NOT_CANCELLABLE') {
      console.log('too late', error.requestId, error.status);
      // @ts-expect-error a ConflictError never carries a 401 code
      if (error.code === 'UNAUTHORIZED') console.log('impossible');
    } else if (error instanceof ValidationError) {
      for (const field of error.fields) console.log(field.field, field.message);
    } else if (error instanceof RateLimitError) {
      const wait: number | undefined = error.retryAfter;
      console.log(wait);
    } else if (error instanceof CairnError) {
      const code: CairnErrorCode = error.code;
      const api: ApiErrorCode | undefined = code === 'TIMEOUT' ? undefined : (code as ApiErrorCode);
      // @ts-expect-error codes are a closed union, so typos are caught
      if (error.code === 'PAYMENT_NOT_CANCELABLE') console.log('typo');
      console.log(api, error.raw, error.cause);
    } else {
      throw error;
    }
  }
}

main().catch((error: unknown) => {
  if (error instanceof CairnError) console.error(error.code);
});
`;

const esmImport = `import {
  type ApiErrorCode,
  Cairn,
  CairnError,
  type CairnErrorCode,
  type ChainOption,
  type Checkout,
  ConflictError,
  type CreatePaymentParams,
  generateIdempotencyKey,
  type Payment,
  type PaymentStatus,
  RateLimitError,
  type Refund,
  type SelectedOption,
  ValidationError,
} from '@cairn/sdk';`;

const cjsImport = `import type { ApiErrorCode, CairnErrorCode, ChainOption, Checkout, CreatePaymentParams, Payment, PaymentStatus, Refund, SelectedOption } from '@cairn/sdk';
import { Cairn, CairnError, ConflictError, generateIdempotencyKey, RateLimitError, ValidationError } from '@cairn/sdk';
const required: typeof import('@cairn/sdk') = require('@cairn/sdk');
console.log(required.SDK_VERSION);`;

const strictOptions = {
  strict: true,
  skipLibCheck: false,
  noEmit: true,
  target: 'es2022',
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  verbatimModuleSyntax: false,
};

/** The ```ts blocks of the TSDoc comments in the published declarations, without the ` * ` margin. */
function tsdocExamples(): string[] {
  const declarations = readFileSync(join(sdkDir, 'dist', 'index.d.ts'), 'utf8');
  const blocks = [...declarations.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) =>
    (match[1] ?? '')
      .split('\n')
      .map((line) => line.replace(/^\s*\* ?/, ''))
      .join('\n'),
  );
  return [...new Set(blocks)];
}
const examples = tsdocExamples();
const exampleFiles = examples.map(
  (_, index) => `src/examples/example${String(index + 1).padStart(2, '0')}.ts`,
);

const configs = [
  {
    name: `module nodenext (ESM .ts + CommonJS .cts + ${examples.length} TSDoc examples), Node types, no DOM`,
    file: 'tsconfig.nodenext.json',
    compilerOptions: {
      ...strictOptions,
      module: 'nodenext',
      moduleResolution: 'nodenext',
      lib: ['es2022'],
      types: ['node'],
    },
    files: ['src/esm.ts', 'src/commonjs.cts', ...exampleFiles],
  },
  {
    name: 'moduleResolution bundler, DOM lib, no Node types',
    file: 'tsconfig.bundler.json',
    compilerOptions: {
      ...strictOptions,
      module: 'esnext',
      moduleResolution: 'bundler',
      lib: ['es2022', 'dom', 'dom.iterable'],
      types: [],
    },
    files: ['src/bundler.ts'],
  },
];

let failed = false;
try {
  run('pnpm', ['pack', '--pack-destination', workDir], sdkDir);
  const tarball = readdirSync(workDir).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error('pnpm pack produced no tarball');
  const projectDir = join(workDir, 'consumer');
  mkdirSync(join(projectDir, 'src', 'examples'), { recursive: true });
  if (examples.length < 20)
    throw new Error(`expected the TSDoc examples in dist/index.d.ts, found ${examples.length}`);
  writeFileSync(
    join(projectDir, 'package.json'),
    JSON.stringify({ name: 'cairn-sdk-consumer', private: true, type: 'module' }, null, 2),
  );
  run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--ignore-scripts', join(workDir, tarball), '@types/node@20'],
    projectDir,
  );
  writeFileSync(join(projectDir, 'src', 'esm.ts'), consumerSource.replace('IMPORT', esmImport));
  writeFileSync(join(projectDir, 'src', 'commonjs.cts'), consumerSource.replace('IMPORT', cjsImport));
  writeFileSync(join(projectDir, 'src', 'bundler.ts'), consumerSource.replace('IMPORT', esmImport));
  examples.forEach((example, index) => {
    writeFileSync(join(projectDir, exampleFiles[index]!), example);
  });

  console.log(`Consumer project: ${projectDir} (installed ${tarball}; TypeScript ${tsVersion})`);
  for (const config of configs) {
    writeFileSync(
      join(projectDir, config.file),
      JSON.stringify({ compilerOptions: config.compilerOptions, files: config.files }, null, 2),
    );
    try {
      run(process.execPath, [tsc, '-p', config.file], projectDir);
      console.log(`ok   ${config.name}: skipLibCheck false, strict`);
    } catch (error) {
      failed = true;
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      console.error(`FAIL ${config.name}\n${stdout ?? ''}${stderr ?? ''}`);
    }
  }
} catch (error) {
  failed = true;
  const { stdout, stderr, message } = error as { stdout?: string; stderr?: string; message?: string };
  console.error(`consumer check could not run: ${message ?? ''}\n${stdout ?? ''}${stderr ?? ''}`);
} finally {
  if (process.env.KEEP_CONSUMER !== '1') rmSync(workDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
