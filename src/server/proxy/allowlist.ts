// The proxy allowlist: (method, path template) pairs derived from the contract's ENDPOINTS table, with
// path parameters validated by the endpoint's own schema. A request that matches nothing is answered by
// the console server itself and never reaches the upstream.
import { ENDPOINTS, type Endpoint, type HttpMethod } from '#contract/index.ts';

export interface RouteMatch {
  endpoint: Endpoint;
  /** Canonical upstream path (relative to /incoming/v2) rebuilt from the validated parameters. */
  path: string;
}

interface CompiledRoute {
  endpoint: Endpoint;
  pattern: RegExp;
  names: string[];
  /** Template split around parameters, for rebuilding the canonical path. */
  literals: string[];
}

const MAX_PATH_LENGTH = 2048;
/** Characters that would change how the upstream routes the path once decoded. */
function hasUnsafeCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x2f /* / */ || code === 0x5c /* \ */) return true;
  }
  return false;
}

function compile(endpoint: Endpoint): CompiledRoute {
  const names: string[] = [];
  const literals: string[] = [];
  let source = '';
  let last = 0;
  for (const match of endpoint.path.matchAll(/\{(\w+)\}/g)) {
    const literal = endpoint.path.slice(last, match.index);
    literals.push(literal);
    source += escapeRegex(literal) + '([^/]+)';
    names.push(match[1]!);
    last = match.index + match[0].length;
  }
  const tail = endpoint.path.slice(last);
  literals.push(tail);
  source += escapeRegex(tail);
  return { endpoint, pattern: new RegExp(`^${source}$`), names, literals };
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function createAllowlist(endpoints: readonly Endpoint[] = ENDPOINTS) {
  const byMethod = new Map<string, CompiledRoute[]>();
  for (const endpoint of endpoints) {
    const list = byMethod.get(endpoint.method) ?? [];
    list.push(compile(endpoint));
    byMethod.set(endpoint.method, list);
  }

  return {
    /** `rawPath` is the path below /api/v2 exactly as received (still percent-encoded, no query). */
    match(method: string, rawPath: string): RouteMatch | undefined {
      const routes = byMethod.get(method as HttpMethod);
      if (!routes || rawPath.length > MAX_PATH_LENGTH || !isCleanPath(rawPath)) return undefined;
      for (const route of routes) {
        const found = route.pattern.exec(rawPath);
        if (!found) continue;
        const params = decodeParams(route.names, found);
        if (!params) return undefined;
        if (route.endpoint.params && !route.endpoint.params.safeParse(params).success) continue;
        return { endpoint: route.endpoint, path: rebuild(route, params) };
      }
      return undefined;
    },
  };
}
export type Allowlist = ReturnType<typeof createAllowlist>;

function isCleanPath(rawPath: string): boolean {
  if (!rawPath.startsWith('/') || rawPath.includes('//')) return false;
  // Encoded separators and dot segments are how path confusion attacks reach other upstream routes.
  if (/%(2f|5c|2e)/i.test(rawPath) || rawPath.includes('\\')) return false;
  return !rawPath.split('/').some((segment) => segment === '.' || segment === '..');
}

function decodeParams(names: string[], found: RegExpExecArray): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < names.length; i++) {
    let value: string;
    try {
      value = decodeURIComponent(found[i + 1]!);
    } catch {
      return undefined;
    }
    if (!value || hasUnsafeCharacter(value) || value === '.' || value === '..') return undefined;
    params[names[i]!] = value;
  }
  return params;
}

function rebuild(route: CompiledRoute, params: Record<string, string>): string {
  let path = route.literals[0]!;
  route.names.forEach((name, i) => {
    path += encodeURIComponent(params[name]!) + route.literals[i + 1]!;
  });
  return path;
}
