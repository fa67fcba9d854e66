import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import { agentSkills } from './agentSkills.js';
import {
  API_CATALOG_TYPE,
  apiCatalog,
  mcpCatalog,
  SERVER_CARD_TYPE,
  serverCard,
} from './discoveryDocuments.js';

/** The Agent Skills discovery index's schema (v0.2.0). */
const SKILLS_INDEX_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';

const pathOf = (url: string) => new URL(url).pathname.replace(/\/+$/, '');

/** Public, cacheable, readable from any origin (they hold no data). */
function discoveryHeaders(reply: FastifyReply, type: string): FastifyReply {
  return reply
    .header('content-type', type)
    .header('access-control-allow-origin', '*')
    .header('cache-control', 'public, max-age=300');
}

/**
 * The discovery documents: the MCP server card at `{mcp_url}/mcp/server-card`, the origin's MCP
 * catalog at `{site_url}/.well-known/mcp/catalog.json`, the RFC 9727 API catalog at
 * `{site_url}/.well-known/api-catalog` (GET and HEAD), the agent-skills index
 * (`{site_url}/.well-known/agent-skills/index.json`) with its three SKILL.md, and the site root, whose `Link` header points
 * at the catalog. Served on the paths of the configured URLs; when those name other hosts, the
 * operator routes them here. No OAuth metadata is served (the API takes API keys only).
 */
export function registerDiscovery(app: FastifyInstance, gateway: Gateway): void {
  const { config } = gateway;
  const site = pathOf(config.urls.site);
  const mcp = pathOf(config.urls.mcp);
  // Buffers: fastify would add `; charset=utf-8` to a string body, a parameter these JSON media types
  // do not define (they are UTF-8 by definition).
  const card = Buffer.from(JSON.stringify(serverCard(config)));
  const catalog = Buffer.from(JSON.stringify(mcpCatalog(config)));
  const linkset = Buffer.from(JSON.stringify(apiCatalog(config)));

  app.get(`${mcp}/mcp/server-card`, async (_request, reply) =>
    discoveryHeaders(reply, SERVER_CARD_TYPE).send(card),
  );
  app.get(`${site}/.well-known/mcp/catalog.json`, async (_request, reply) =>
    discoveryHeaders(reply, 'application/json').send(catalog),
  );
  // GET answers HEAD too (fastify's exposeHeadRoutes): same headers, no body.
  app.get(`${site}/.well-known/api-catalog`, async (_request, reply) =>
    discoveryHeaders(reply, API_CATALOG_TYPE)
      .header('link', `<${site}/.well-known/api-catalog>; rel="api-catalog"`)
      .send(linkset),
  );
  // Agent skills: each SKILL.md as bytes, and the index with the sha256 of exactly those bytes.
  const skills = agentSkills(`${config.urls.api}/api/v1`, `${config.urls.site}/openapi.json`).map((skill) => {
    const bytes = Buffer.from(skill.markdown);
    return { ...skill, bytes, digest: `sha256:${createHash('sha256').update(bytes).digest('hex')}` };
  });
  const skillsIndex = Buffer.from(
    JSON.stringify({
      $schema: SKILLS_INDEX_SCHEMA,
      skills: skills.map((skill) => ({
        name: skill.name,
        type: 'skill-md',
        description: skill.description,
        url: `${config.urls.site}/.well-known/agent-skills/${skill.name}/SKILL.md`,
        digest: skill.digest,
      })),
    }),
  );
  app.get(`${site}/.well-known/agent-skills/index.json`, async (_request, reply) =>
    discoveryHeaders(reply, 'application/json').send(skillsIndex),
  );
  for (const skill of skills) {
    app.get(`${site}/.well-known/agent-skills/${skill.name}/SKILL.md`, async (_request, reply) =>
      discoveryHeaders(reply, 'text/markdown; charset=utf-8').send(skill.bytes),
    );
  }

  app.get(`${site}/`, async (_request, reply) =>
    discoveryHeaders(reply, 'application/json')
      .header('link', `<${site}/.well-known/api-catalog>; rel="api-catalog"`)
      .send(
        Buffer.from(
          JSON.stringify({
            name: 'Cairn',
            api: `${config.urls.api}/api/v1`,
            openapi: `${config.urls.site}/openapi.json`,
            api_catalog: `${config.urls.site}/.well-known/api-catalog`,
            mcp: `${config.urls.mcp}/mcp`,
          }),
        ),
      ),
  );
}
