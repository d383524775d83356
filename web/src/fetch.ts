import type { TodayBridge } from './bridge.js';

/** The `fetch` signature `bridgeFetch` wraps. */
export type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * `fetch` with the host's headers (W3): adds `headers()` to the request; on a 401 refreshes once
 * for all concurrent 401s and retries once with the new `Authorization`. With no token to be had,
 * the 401 is returned as is. The bridge's `Authorization` replaces the page's own.
 *
 * @example
 * const bridgeFetch = createBridgeFetch(bridge);
 * const response = await bridgeFetch('/api/feed');
 */
export function createBridgeFetch(bridge: TodayBridge, fetchImpl: Fetch = (input, init) => fetch(input, init)): Fetch {
  /** What the last refresh produced: a 401 for a request sent before it just retries with it. */
  let latestAuthorization: string | undefined;
  return async (input, init) => {
    const retryable = canRetry(input, init);
    const spare = retryable && input instanceof Request ? input.clone() : undefined;
    const headers = await bridge.headers();
    const response = await fetchImpl(input, withHeaders(input, init, headers));
    if (response.status !== 401 || !retryable) return response;
    let authorization = latestAuthorization !== headers.Authorization ? latestAuthorization : undefined;
    if (!authorization) {
      const refreshed = await bridge.refreshToken().catch(() => undefined);
      authorization = refreshed?.authorization;
      if (authorization) latestAuthorization = authorization;
    }
    if (!authorization) return response;
    return fetchImpl(spare ?? input, withHeaders(spare ?? input, init, { ...headers, Authorization: authorization }));
  };
}

function withHeaders(input: RequestInfo | URL, init: RequestInit | undefined, added: Record<string, string>): RequestInit {
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  for (const [name, value] of Object.entries(added)) headers.set(name, value);
  return { ...init, headers };
}

/** A streamed body cannot be sent twice. */
function canRetry(input: RequestInfo | URL, init: RequestInit | undefined): boolean {
  const body = init?.body;
  if (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream) return false;
  return !(input instanceof Request && input.bodyUsed);
}
