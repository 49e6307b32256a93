/**
 * The HTTP API of A1 as `cairn serve` routes it: the same routes API Gateway has, each to the
 * handler module its Lambda runs. The OpenAPI document is written from this table too.
 */
export type ApiHandlerName = 'create-plan' | 'get-plan' | 'get-trace';

export interface ApiRoute {
  method: 'GET' | 'POST';
  /** OpenAPI's path template: `{name}` is one path segment. */
  path: string;
  /** API Gateway's route key, as the event carries it. */
  routeKey: string;
  handler: ApiHandlerName;
}

const route = (method: ApiRoute['method'], path: string, handler: ApiHandlerName): ApiRoute => ({ method, path, routeKey: `${method} ${path}`, handler });

export const API_ROUTES: readonly ApiRoute[] = [
  route('POST', '/plans', 'create-plan'),
  route('GET', '/plans/{id}', 'get-plan'),
  route('GET', '/plans/{id}/trace', 'get-trace'),
];

export interface RouteMatch<R> {
  route: R;
  pathParameters: Record<string, string>;
}

/** The route of a request and its path parameters (decoded), or undefined. */
export function matchRoute<R extends { method: string; path: string }>(routes: readonly R[], method: string, pathname: string): RouteMatch<R> | undefined {
  const segments = pathname.split('/');
  for (const candidate of routes) {
    if (candidate.method !== method) continue;
    const template = candidate.path.split('/');
    if (template.length !== segments.length) continue;
    const pathParameters: Record<string, string> = {};
    const matches = template.every((part, i) => {
      const segment = segments[i] ?? '';
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return part === segment;
      if (segment === '') return false;
      try {
        pathParameters[name] = decodeURIComponent(segment);
      } catch {
        return false;
      }
      return true;
    });
    if (matches) return { route: candidate, pathParameters };
  }
  return undefined;
}
