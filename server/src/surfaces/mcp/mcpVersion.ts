import packageJson from '../../../package.json' with { type: 'json' };

/** The gateway's version, as the MCP server reports it in `initialize` (bundled into the build). */
export const SDK_VERSION_FOR_MCP: string = packageJson.version;
