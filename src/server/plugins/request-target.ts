// The request target as the router reads it. Decisions about a request (is it under /api, which proxied
// route, which content type) are made on the route the router matched or on this, never on the raw
// `request.url`: an absolute-form request line (`GET http://host/api/... HTTP/1.1`) or a percent-encoded
// prefix (`/%61pi/...`) reaches the same route as the plain form and must pass the same checks.

export interface RequestTarget {
  /** The path, still percent-encoded, without the origin of an absolute form, the query or a fragment. */
  path: string;
  /** The raw query string (after `?`, before any `#`), possibly empty. */
  query: string;
}

export function requestTarget(url: string): RequestTarget {
  let rest = url;
  if (!rest.startsWith('/')) {
    // Absolute form: scheme://authority[/path][?query]; the authority ends at the first / ? or #.
    const scheme = rest.indexOf('://');
    const authority = scheme === -1 ? 0 : scheme + 3;
    let end = rest.length;
    for (const delimiter of ['/', '?', '#']) {
      const at = rest.indexOf(delimiter, authority);
      if (at !== -1 && at < end) end = at;
    }
    rest = rest.slice(end);
    if (!rest.startsWith('/')) rest = `/${rest}`;
  }
  const hash = rest.indexOf('#');
  if (hash !== -1) rest = rest.slice(0, hash);
  const query = rest.indexOf('?');
  return query === -1
    ? { path: rest, query: '' }
    : { path: rest.slice(0, query), query: rest.slice(query + 1) };
}

/** The path with unreserved escapes decoded, as the router matches it (`/%61pi/x` -> `/api/x`). */
export function decodedPath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * Whether a request is for the console's API: the matched route's template when a route matched, else the
 * decoded path the router failed to match (a JSON 404 under /api).
 */
export function isApiRequest(routeUrl: string | undefined, target: RequestTarget): boolean {
  return isApiPath(routeUrl ?? decodedPath(target.path));
}
