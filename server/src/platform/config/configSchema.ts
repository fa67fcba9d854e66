import * as z from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
const bps = z.coerce.number().int().min(0).max(10_000);
const url = z.url({ protocol: /^https?$/ });

/**
 * Every environment variable the gateway reads. The table of docs/operating/configuration.md is
 * generated from (and tested against) these descriptions.
 */
export const CONFIG_VARIABLES = {
  PORT: {
    schema: z.coerce.number().int().min(0).max(65535).default(3000),
    doc: 'HTTP port.',
    default: '3000',
  },
  HOST: {
    schema: z.string().default('127.0.0.1'),
    doc: 'Interface to listen on. The default, `127.0.0.1`, accepts connections from this machine only (a reverse proxy on it, or a developer’s browser); `0.0.0.0` accepts other machines too (in a container, or without a proxy on the same machine).',
    default: '127.0.0.1',
  },
  DATABASE_URL: {
    schema: z
      .string()
      .regex(/^(postgres(ql)?:\/\/\S+)?$/, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    doc: 'PostgreSQL connection URL. Unset: the embedded PostgreSQL under CAIRN_DATA_DIR.',
    default: '(embedded)',
  },
  CAIRN_DATA_DIR: {
    schema: z.string().default('.data'),
    doc: 'Where the embedded PostgreSQL keeps its data (relative to the repository root).',
    default: '.data',
  },
  CAIRN_EMBEDDED_PG_PORT: {
    schema: z.coerce.number().int().min(1).max(65535).default(54329),
    doc: 'Port of the embedded PostgreSQL (loopback only).',
    default: '54329',
  },
  CAIRN_PUBLIC_URL: {
    schema: url.optional(),
    doc: 'Public origin of the gateway; the default for the five host URLs below.',
    default: 'http://localhost:PORT',
  },
  CAIRN_API_BASE_URL: {
    schema: url.optional(),
    doc: 'Public {base_url} of the merchant API.',
    default: 'CAIRN_PUBLIC_URL',
  },
  CAIRN_CHECKOUT_URL_BASE: {
    schema: url.optional(),
    doc: 'Public {checkout_url_base}; checkout_url is <this>/<payment_id>.',
    default: 'CAIRN_PUBLIC_URL/checkout',
  },
  CAIRN_CHECKOUT_FRAME_ANCESTORS: {
    schema: z
      .string()
      .regex(
        /^(?:'none'|(?:'self'|https?:\/\/(?:\*\.)?[A-Za-z0-9.-]+(?::\d+)?)(?: (?:'self'|https?:\/\/(?:\*\.)?[A-Za-z0-9.-]+(?::\d+)?))*)$/,
        "must be 'none', or 'self' and/or origins separated by spaces",
      )
      .default("'none'"),
    doc: "Who may show the hosted checkout in a frame: CSP frame-ancestors sources, e.g. `'self' https://shop.example`. Default: nobody.",
    default: "'none'",
  },
  CAIRN_CHECKOUT_ACTIONS_PER_MINUTE: {
    schema: z.coerce.number().int().min(1).default(10),
    doc: 'Customer actions on the hosted checkout (pick a coin, cancel, request a refund) per minute, per payment and IP address, for each action.',
    default: '10',
  },
  CAIRN_LINK_PAYMENTS_PER_MINUTE: {
    schema: z.coerce.number().int().min(1).default(10),
    doc: 'Presses of Pay on payment link and invoice pages one IP address may make per minute (all links and invoices together).',
    default: '10',
  },
  CAIRN_CHECKOUT_STATUS_POLL_MS: {
    schema: z.coerce.number().int().min(50).max(60_000).default(1000),
    doc: 'How often open checkout pages are checked for status changes (one query for all of them) before server-sent events push the change.',
    default: '1000',
  },
  CAIRN_DASHBOARD_URL: {
    schema: url.optional(),
    doc: 'Public {dashboard_url}.',
    default: 'CAIRN_PUBLIC_URL/dashboard',
  },
  CAIRN_MCP_URL: { schema: url.optional(), doc: 'Public {mcp_url}.', default: 'CAIRN_PUBLIC_URL' },
  CAIRN_MCP_ALLOW_LIVE: {
    schema: bool.default(false),
    doc: 'Let live-mode keys call the MCP endpoint ({mcp_url}/mcp). Off by default: an AI agent then works with test keys only (docs/api.md, MCP).',
    default: 'false',
  },
  CAIRN_DOCS_URL: {
    schema: url.optional(),
    doc: 'Human documentation of the API, linked as `service-doc` from the API catalog (/.well-known/api-catalog). Unset: the catalog links the OpenAPI document only.',
    default: '(none)',
  },
  CAIRN_SITE_URL: {
    schema: url.optional(),
    doc: 'Public {site_url} (openapi.json, discovery).',
    default: 'CAIRN_PUBLIC_URL',
  },
  CAIRN_ENABLED_CHAINS: {
    schema: list.default(['BTC_TESTNET', 'LTC_TESTNET']),
    doc: 'Comma-separated chain ids to enable (e.g. `LTC_REGTEST,BTC_TESTNET`): merchants can add wallets for them. A chain given a node (`CAIRN_CHAIN_<CHAIN_ID>_RPC_URL` or `_ESPLORA_URL`) is enabled too. An enabled chain is offered to payments only while it is watched (see CAIRN_WATCHER_OFFLINE_MS); chains whose family has no adapter yet are left out with a log line.',
    default: 'BTC_TESTNET,LTC_TESTNET',
  },
  CAIRN_DEV_CHAIN: {
    schema: z.enum(['on', 'off']).default('on'),
    doc: '`cairn start` runs a local EVM dev chain as ETH_LOCAL (test mode): anvil from the npm package, with test USDC and USDT anyone can mint, its state in CAIRN_DATA_DIR/dev-chain, so a first payment can be made with no node anywhere. `off` disables it; a configured CAIRN_CHAIN_ETH_LOCAL_RPC_URL uses that node instead.',
    default: 'on',
  },
  CAIRN_RATE_SOURCES: {
    schema: list.default(['fixed']),
    doc: 'Test-mode rate sources in fallback order: `fixed` (built-in demo rates plus CAIRN_FIXED_RATES), `coinbase`, `kraken`.',
    default: 'fixed',
  },
  CAIRN_RATE_SOURCES_LIVE: {
    schema: list.default(['coinbase', 'kraken']),
    doc: 'Live-mode rate sources in fallback order. Live mode never uses the demo rates: `fixed` here means only CAIRN_FIXED_RATES.',
    default: 'coinbase,kraken',
  },
  CAIRN_FIXED_RATES: {
    schema: z.string().optional(),
    doc: 'Overrides for the fixed source as `COIN/FIAT=rate` pairs, comma-separated (e.g. `BTC/EUR=60000`).',
    default: '(built-in demo rates)',
  },
  CAIRN_RATE_CACHE_TTL_MS: {
    schema: z.coerce.number().int().min(0).default(30_000),
    doc: 'Rate cache lifetime.',
    default: '30000',
  },
  CAIRN_RATE_MAX_STALENESS_MS: {
    schema: z.coerce.number().int().min(0).default(120_000),
    doc: 'Oldest cached rate served when every source fails.',
    default: '120000',
  },
  CAIRN_RATE_TIMEOUT_MS: {
    schema: z.coerce.number().int().min(1).default(2_000),
    doc: 'Per-source timeout.',
    default: '2000',
  },
  CAIRN_FEE_BPS_TEST: {
    schema: bps.default(100),
    doc: 'Platform fee in basis points, test mode.',
    default: '100',
  },
  CAIRN_FEE_BPS_LIVE: {
    schema: bps.default(100),
    doc: 'Platform fee in basis points, live mode.',
    default: '100',
  },
  CAIRN_SIGNUP_GRANT_TEST_USD: {
    schema: z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .default('100'),
    doc: 'Prepaid Credit granted to a login’s first business, test mode (US dollars).',
    default: '100',
  },
  CAIRN_SIGNUP_GRANT_LIVE_USD: {
    schema: z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .default('50'),
    doc: 'Prepaid Credit granted to a login’s first business, live mode (US dollars).',
    default: '50',
  },
  CAIRN_SMTP_URL: {
    schema: z
      .string()
      .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
      .optional(),
    doc: 'SMTP server for the mail the gateway sends (email verification, password reset, security alerts, invoices), e.g. `smtps://user:pass@smtp.example.com`. Mail is queued in the database and retried. Unset: mail goes to the dashboard’s dev mailbox (see CAIRN_DEV_MAILBOX) and a log line.',
    default: '(dev mailbox)',
  },
  CAIRN_MAIL_FROM: {
    schema: z.string().min(3).default('Cairn <no-reply@localhost>'),
    doc: 'Sender of the gateway’s mail (`Name <address>` or an address).',
    default: 'Cairn <no-reply@localhost>',
  },
  CAIRN_DEV_MAILBOX: {
    schema: z.enum(['auto', 'on', 'off']).default('auto'),
    doc: 'The dashboard page `/mailbox` that shows the mail the gateway would have sent, links included. `auto`: on only while CAIRN_SMTP_URL is unset and the dashboard is on a loopback host (localhost, ::1, an IPv4 address in 127.0.0.0/8). Even when on, it answers only requests from this machine (a loopback peer that no proxy passed on: no `Forwarded`, `X-Forwarded-For` or `X-Real-IP` header); every other peer gets 404. Anyone who can open it can take over accounts: never turn it `on` on a shared host.',
    default: 'auto',
  },
  CAIRN_DASHBOARD_SESSION_HOURS: {
    schema: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(168),
    doc: 'How long a dashboard sign-in lasts (hours), however active.',
    default: '168',
  },
  CAIRN_DASHBOARD_IDLE_HOURS: {
    schema: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(24),
    doc: 'A dashboard sign-in not used for this long (hours) ends.',
    default: '24',
  },
  CAIRN_LIVE_WALLET_DELAY_HOURS: {
    schema: z.coerce
      .number({ message: 'must be a whole number of hours, 0 or more' })
      .int({ message: 'must be a whole number of hours, 0 or more' })
      .min(0, { message: 'must be a whole number of hours, 0 or more' })
      .max(24 * 30, { message: 'must be at most 720 hours (30 days)' })
      .default(0),
    doc: 'Hours a new live-mode wallet waits after its owner confirmed it from the mailed link before payments use it (docs/security.md). 0: usable as soon as it is confirmed.',
    default: '0',
  },
  CAIRN_SIGNIN_FAILURES_PER_ACCOUNT: {
    schema: z.coerce.number().int().min(1).default(10),
    doc: 'Failed dashboard sign-ins allowed per email address from one caller IP address (IPv6: one /64) in 15 minutes; past it, sign-in for that address from that IP address is refused until the window has passed.',
    default: '10',
  },
  CAIRN_SIGNIN_FAILURES_PER_ACCOUNT_TOTAL: {
    schema: z.coerce.number().int().min(1).default(100),
    doc: 'Failed dashboard sign-ins allowed per email address from all caller IP addresses in 15 minutes; past it, only IP addresses the account signed in from before (or reset its password from) may still try.',
    default: '100',
  },
  CAIRN_REQUIRE_2FA_FOR_LIVE: {
    schema: bool.default(true),
    doc: 'Whether a dashboard login needs two-factor sign-in on (an authenticator app or a passkey) to switch to live mode, where keys and wallets move real money. A live-mode session whose login turns its last second factor off is shown test mode again.',
    default: 'true',
  },
  CAIRN_SIGNIN_FAILURES_PER_IP: {
    schema: z.coerce.number().int().min(1).default(50),
    doc: 'Failed dashboard sign-ins allowed per caller IP address (IPv6: per /64) in 15 minutes.',
    default: '50',
  },
  CAIRN_RATE_LIMIT_PER_MINUTE: {
    schema: z.coerce.number().int().min(1).default(600),
    doc: 'Requests per minute per API key.',
    default: '600',
  },
  CAIRN_AUTH_FAILURES_PER_MINUTE: {
    schema: z.coerce.number().int().min(0).default(30),
    doc: 'Failed authentications (401) allowed per minute per caller IP address (IPv6: per /64). Past it, requests from that address are answered 429 with Retry-After, without a database lookup, until the minute is over, except with a key this gateway process accepted recently. 0 turns it off.',
    default: '30',
  },
  REDIS_URL: {
    schema: z.string().optional(),
    doc: 'Redis for the rate limits (per key, failed authentications per IP address, checkout actions) shared by several instances. Unset: in memory, per instance.',
    default: '(in memory)',
  },
  CAIRN_METRICS_TOKEN: {
    schema: z
      .string()
      .regex(/^\S{16,}$/, 'must be at least 16 characters without spaces (e.g. `openssl rand -hex 32`)')
      .optional(),
    doc: 'Lets other machines read `/metrics` with `Authorization: Bearer <this token>` (compared in constant time). Unset: `/metrics` answers only requests from this machine (a loopback peer that no proxy passed on); anyone else gets 401.',
    default: '(this machine only)',
  },
  CAIRN_TRUST_PROXY: {
    schema: bool.default(false),
    doc: 'Trust X-Forwarded-For (behind a reverse proxy) for the caller IP address: IP allowlists and per-address limits. Behind a proxy without it, every caller shares the proxy’s address.',
    default: 'false',
  },
  CAIRN_BODY_LIMIT_BYTES: {
    schema: z.coerce.number().int().min(1024).default(65_536),
    doc: 'Largest request body.',
    default: '65536',
  },
  CAIRN_VALIDATE_RESPONSES: {
    schema: bool.default(false),
    doc: 'Check every merchant API response against the contract schemas before sending it (a mismatch is a 500). For development and tests (the test gateway turns it on); it costs CPU on every response.',
    default: 'false',
  },
  CAIRN_LOG_LEVEL: {
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    doc: 'pino log level.',
    default: 'info',
  },
  CAIRN_WATCHER_STALL_MS: {
    schema: z.coerce.number().int().min(1000).default(120_000),
    doc: 'An active chain watcher with no successful sync for this long is stalled: /readyz answers 503. Before that a watcher silent past CAIRN_WATCHER_OFFLINE_MS is `failing` in /readyz and `chains:status` (its chain is not offered) while /readyz still answers 200.',
    default: '120000',
  },
  CAIRN_WATCHER_OFFLINE_MS: {
    schema: z.coerce.number().int().min(1000).default(15_000),
    doc: 'A chain whose watcher (on any instance) has not synced successfully for this long counts as unwatched (its node is down, say): its options are left out of new payments and select-chain refuses it (503 CHAIN_UNAVAILABLE) until it syncs again. Payments already waiting on it are caught up when it does.',
    default: '15000',
  },
  CAIRN_WORKER_CONCURRENCY: {
    schema: z.coerce.number().int().min(1).max(64).default(4),
    doc: 'Job worker concurrency.',
    default: '4',
  },
  CAIRN_MASTER_KEY: {
    schema: z
      .string()
      .refine(
        (v) => /^[0-9a-fA-F]{64}$/.test(v) || /^[A-Za-z0-9+/_-]{43}=?$/.test(v),
        'must be 32 bytes written as 64 hex digits or as base64 (make one with: openssl rand -hex 32)',
      )
      .optional(),
    doc: 'Operator master key (32 bytes, hex or base64) that encrypts webhook secrets at rest (AES-256-GCM). Required for live-mode webhook endpoints. Unset: a key generated once into CAIRN_DATA_DIR/webhook-master.key, with a warning (test mode only).',
    default: '(generated, test mode only)',
  },
  CAIRN_ALLOW_PRIVATE_WEBHOOKS: {
    schema: bool.default(false),
    doc: 'Local development only: let test-mode webhook URLs reach loopback and private-network addresses. Logs a warning at boot; never applies to live mode.',
    default: 'false',
  },
  CAIRN_WEBHOOK_CONCURRENCY: {
    schema: z.coerce.number().int().min(1).max(1024).default(64),
    doc: 'Webhook deliveries in flight at once (per gateway process).',
    default: '64',
  },
  CAIRN_WEBHOOK_LEASE_SECONDS: {
    schema: z.coerce.number().int().min(1).max(3600).default(120),
    doc: 'How long a claimed delivery stays locked to one process; a crashed process’s claims are retried after it.',
    default: '120',
  },
  CAIRN_WEBHOOK_POLL_MS: {
    schema: z.coerce.number().int().min(10).max(60_000).default(1000),
    doc: 'Delivery queue poll interval (new events also wake it through LISTEN/NOTIFY).',
    default: '1000',
  },
  CAIRN_WEBHOOK_LOG_RETENTION_DAYS: {
    schema: z.coerce.number().int().min(1).max(3650).default(30),
    doc: 'Days a finished delivery stays in the delivery log.',
    default: '30',
  },
} as const;

type Vars = typeof CONFIG_VARIABLES;
export const ConfigSchema = z.object(
  Object.fromEntries(Object.entries(CONFIG_VARIABLES).map(([k, v]) => [k, v.schema])) as {
    [K in keyof Vars]: Vars[K]['schema'];
  },
);
export type RawConfig = z.output<typeof ConfigSchema>;
