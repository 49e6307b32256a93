/** The route of a request by its method and path template, as API Gateway matches it. */
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
