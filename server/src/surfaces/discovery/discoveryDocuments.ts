import type { Config } from '../../platform/config/loadConfig.js';
import { GATEWAY_VERSION } from '../../platform/runtime/gatewayVersion.js';

/** RFC 9727's media type for an API catalog (a linkset with its profile). */
export const API_CATALOG_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';
/** The MCP server card's media type (SEP-2127). */
export const SERVER_CARD_TYPE = 'application/mcp-server-card+json';

const DESCRIPTION =
  'Non-custodial crypto payments: create payments in a fiat amount, payment links and invoices, read their status and events. Test keys (pk_test_) work with testnets only.';

/** Where the discovery documents live, from the configured public URLs. */
export function discoveryUrls(config: Pick<Config, 'urls'>) {
  return {
    mcp: `${config.urls.mcp}/mcp`,
    serverCard: `${config.urls.mcp}/mcp/server-card`,
    mcpCatalog: `${config.urls.site}/.well-known/mcp/catalog.json`,
    openapi: `${config.urls.site}/openapi.json`,
    apiCatalog: `${config.urls.site}/.well-known/api-catalog`,
    api: `${config.urls.api}/api/v1`,
  };
}

/**
 * The MCP server card (SEP-2127, draft): who the server is, its streamable-HTTP remote and the
 * authentication it needs (the merchant API key as a bearer token; no OAuth).
 */
export function serverCard(config: Pick<Config, 'urls'>) {
  const urls = discoveryUrls(config);
  return {
    $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
    name: 'io.cairn/gateway',
    title: 'Cairn',
    description: DESCRIPTION,
    version: GATEWAY_VERSION,
    remotes: [
      {
        type: 'streamable-http',
        url: urls.mcp,
        headers: [
          {
            name: 'Authorization',
            description: 'Bearer <API key>: a Cairn API key (pk_test_... for test mode).',
            isRequired: true,
            isSecret: true,
          },
        ],
      },
    ],
    authentication: { required: true, schemes: ['bearer'] },
    capabilities: { tools: { listChanged: false } },
  };
}

/** The origin's MCP catalog: the servers this origin offers, each by its card. */
export function mcpCatalog(config: Pick<Config, 'urls'>) {
  const urls = discoveryUrls(config);
  return {
    servers: [{ name: 'io.cairn/gateway', title: 'Cairn', serverCard: urls.serverCard, url: urls.mcp }],
  };
}

/** The RFC 9727 API catalog: the API, its OpenAPI description and, when configured, its docs. */
export function apiCatalog(config: Pick<Config, 'urls'> & { CAIRN_DOCS_URL?: string | undefined }) {
  const urls = discoveryUrls(config);
  return {
    linkset: [
      {
        anchor: urls.api,
        'service-desc': [{ href: urls.openapi, type: 'application/json' }],
        ...(config.CAIRN_DOCS_URL
          ? { 'service-doc': [{ href: config.CAIRN_DOCS_URL, type: 'text/html' }] }
          : {}),
      },
    ],
  };
}
