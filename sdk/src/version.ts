declare const __CAIRN_SDK_VERSION__: string | undefined;

/**
 * The version of this SDK (from its package.json, inlined at build time). Sent as
 * `User-Agent` / `X-Cairn-Client: @cairn/sdk/<version>`.
 *
 * @example
 * ```ts
 * import { SDK_VERSION } from '@cairn/sdk';
 *
 * console.log(`Using @cairn/sdk ${SDK_VERSION}`);
 * ```
 */
export const SDK_VERSION: string =
  typeof __CAIRN_SDK_VERSION__ === 'string' ? __CAIRN_SDK_VERSION__ : '0.0.0-dev';
