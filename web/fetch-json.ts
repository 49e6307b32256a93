/** GET or POST JSON on this server; an HTTP error becomes an Error with the server's message. */
export async function fetchJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) } });
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
