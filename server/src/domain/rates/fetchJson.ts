import { RateSourceError } from './RateSourceError.js';

/** The `fetch` function a live source calls; the global `fetch` by default. */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

/** A JSON answer with its HTTP status. */
export interface JsonResponse {
  readonly status: number;
  readonly body: unknown;
}

const MAX_BODY_CHARS = 1_000_000;

/**
 * GETs `url` and parses the body as JSON, whatever the status.
 *
 * @throws RateSourceError `RATE_SOURCE_HTTP` on a network error or abort, `RATE_SOURCE_MALFORMED` when
 * the body is not JSON or is too large.
 */
export async function fetchJson(
  url: string,
  signal: AbortSignal,
  fetchFn: FetchFunction,
): Promise<JsonResponse> {
  let response: Response;
  let text: string;
  try {
    response = await fetchFn(url, { method: 'GET', headers: { accept: 'application/json' }, signal });
    text = await response.text();
  } catch (error) {
    throw new RateSourceError('RATE_SOURCE_HTTP', `GET ${url} failed: ${errorMessage(error)}`, {
      cause: error,
    });
  }
  if (text.length > MAX_BODY_CHARS) {
    throw new RateSourceError('RATE_SOURCE_MALFORMED', `GET ${url}: body too large (${text.length} chars)`);
  }
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch (error) {
    throw new RateSourceError(
      'RATE_SOURCE_MALFORMED',
      `GET ${url}: HTTP ${response.status} with a body that is not JSON`,
      { cause: error },
    );
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
