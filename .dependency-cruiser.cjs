// The architecture of server/src and the chain packages, as rules `pnpm test` checks
// (`pnpm run check:architecture`). docs/design.md explains the wings; server/README.md maps them.
//
// server/src is grouped into wings, from the bottom up:
//   platform  configuration, database, clock, errors: what every part of the process uses
//   web       the kit every HTTP surface uses: the html tag, formatting, form parsing, errors, headers
//   domain    payments, the lifecycle, invoices, links, credit, accounts, keys, wallets, webhooks' management
//   chains    the watchers, settlement and the dev chain: what talks to chain nodes
//   workers   the webhook delivery engine and the timed jobs
//   surfaces  what people and programs touch: api, mcp, dashboard, checkoutPage, discovery, cli
//   app       the composition root: builds the gateway and the HTTP app, starts everything
// A wing may import its own folders and the wings below it, never one above; a surface never imports
// another surface, nor the database.

/** A wing and the wings below it that it may import. */
const WINGS = {
  platform: [],
  web: ['platform'],
  domain: ['web', 'platform'],
  chains: ['domain', 'web', 'platform'],
  workers: ['chains', 'domain', 'web', 'platform'],
  surfaces: ['workers', 'chains', 'domain', 'web', 'platform'],
};

const layerRules = Object.entries(WINGS).map(([wing, below]) => ({
  name: `wing-${wing}-imports-upward`,
  severity: 'error',
  comment: `server/src/${wing} may import only itself and the wings below it (${below.join(', ') || 'none'}).`,
  from: { path: `^server/src/${wing}/` },
  to: {
    path: '^server/src/',
    pathNot: [`^server/src/${wing}/`, ...below.map((w) => `^server/src/${w}/`)],
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles',
      severity: 'error',
      comment: 'No two folders may import each other, directly or through others.',
      scope: 'folder',
      from: { path: '^server/src/' },
      to: { circular: true },
    },
    {
      name: 'no-module-cycles',
      severity: 'error',
      comment: 'No module may import itself through others.',
      from: { path: '^(server/src|packages/[^/]+/src)/' },
      to: { circular: true },
    },
    ...[1, 2, 3].map((depth) => ({
      name: `no-import-from-parent-folder-${depth}`,
      severity: 'error',
      comment:
        "A folder's subfolders never import the files of a folder above them (the parent composes its children): with the folder rule this leaves no folder cycle at all.",
      from: { path: `^(server/src${'/[^/]+'.repeat(depth)})/[^/]+/` },
      to: { path: '^$1/[^/]+$' },
    })),
    ...layerRules,
    {
      name: 'surface-imports-another-surface',
      severity: 'error',
      comment:
        'A surface gets what it shares with another from the wings below (web, domain), never from it.',
      from: { path: '^server/src/surfaces/([^/]+)/' },
      to: { path: '^server/src/surfaces/', pathNot: '^server/src/surfaces/$1/' },
    },
    {
      name: 'surface-imports-database',
      severity: 'error',
      comment:
        'Surfaces get their data from domain services that return view models, never from the database.',
      from: { path: '^server/src/surfaces/' },
      to: { path: '^server/src/platform/db/' },
    },
    {
      name: 'surface-imports-database-driver',
      severity: 'error',
      comment: 'Surfaces never use the ORM or the PostgreSQL driver: they call domain services.',
      from: { path: '^server/src/surfaces/' },
      to: { path: ['/@mikro-orm/', '/node_modules/pg/'] },
    },
    {
      name: 'chain-package-imports-server',
      severity: 'error',
      comment: 'Chain packages import only chain-core, the contract and libraries: never the server.',
      from: { path: '^packages/' },
      to: { path: '^server/' },
    },
  ],
  options: {
    exclude: { path: '\\.test\\.ts$' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: require('node:path').join(__dirname, 'server/tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
