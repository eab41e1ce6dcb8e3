/** One canned answer: requests whose URL matches get the response. */
export interface ReplayRoute {
  /** A substring of the URL, a pattern, or a predicate. */
  match: string | RegExp | ((url: URL) => boolean);
  respond: (url: URL) => Response | Promise<Response>;
}

/** A `fetch` that replays canned responses and records each requested URL; unmatched requests fail the test. */
export function createReplayFetch(routes: ReplayRoute[]): typeof fetch & { requests: URL[] } {
  const requests: URL[] = [];
  const replay = async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    requests.push(url);
    const route = routes.find(({ match }) =>
      typeof match === 'string'
        ? url.href.includes(match)
        : match instanceof RegExp
          ? match.test(url.href)
          : match(url),
    );
    if (!route) throw new Error(`No replayed response for ${url.href}`);
    return route.respond(url);
  };
  return Object.assign(replay as typeof fetch, { requests });
}

/** A JSON response as an API would send it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

/** A `fetch` that fails like a browser with no network. */
export const offlineFetch: typeof fetch = async () => {
  throw new TypeError('Failed to fetch');
};

/** A `fetch` that never answers (a hung server); it only settles when its signal aborts. */
export const hangingFetch: typeof fetch = (_input, init) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
  });
