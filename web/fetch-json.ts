/** Where this origin's pages keep serve's token (serve listens on one port: one origin, one serve). */
const TOKEN_KEY = 'cairn-serve-token';

/**
 * Serve's token, which the routes that change something ask for. serve prints the first page's
 * address with it in the fragment (`#token=`), which no request carries: the page keeps it in this
 * origin's storage and takes it out of the address bar, so it is neither bookmarked nor shared.
 */
function serveToken(): string | undefined {
  const given = /(?:^#|&)token=([0-9a-f]{64})(?:&|$)/.exec(window.location.hash)?.[1];
  if (given !== undefined) {
    window.localStorage.setItem(TOKEN_KEY, given);
    window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
  }
  return window.localStorage.getItem(TOKEN_KEY) ?? undefined;
}

// As the page's script starts: the token leaves the address bar at once.
serveToken();

/** GET or POST JSON on this server; an HTTP error becomes an Error with the server's message. */
export async function fetchJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const token = init.body ? serveToken() : undefined;
  const response = await fetch(url, {
    ...init,
    headers: {
      accept: 'application/json',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  const body = (await response.json().catch(() => ({}))) as T & { message?: string; errors?: Array<{ path: string; message: string }> };
  if (!response.ok) {
    const detail = body.errors?.map((e) => `${e.path}: ${e.message}`).join('; ');
    throw new Error(`${response.status} ${body.message ?? response.statusText}${detail ? ` (${detail})` : ''}`);
  }
  return body;
}

/** The page's <main>, which the server gave the page's data attributes. */
export function appRoot(): HTMLElement {
  const root = document.getElementById('app');
  if (root === null) throw new Error('the page has no #app');
  return root;
}
