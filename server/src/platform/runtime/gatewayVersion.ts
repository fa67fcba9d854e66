import packageJson from '../../../package.json' with { type: 'json' };

/**
 * The gateway's version (its package's): the MCP server reports it in `initialize` and the server card
 * names it. Bundled into the build.
 */
export const GATEWAY_VERSION: string = packageJson.version;
