// Authentication of spec section 5: Bearer (second word of the header), `secretKey` in the query or
// JSON body, or a `?jwt=` signed HS256 with the company secret key. Permissioned keys are checked
// against the route's `config.permission`. Every failure is a 401 with an empty body.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import type { Permission } from '#contract/index.ts';
import type { Db } from '../storage/database.ts';
import { UnauthorizedError } from '../lib/errors.ts';

export interface AuthContext {
  companyId: string;
  /** The key that authenticated the request (rate limits are kept per key). */
  key: string;
  keyKind: 'secret' | 'permissioned' | 'jwt';
  permissions: readonly Permission[] | 'all';
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Permission a permissioned key needs for this route (spec 5.4). */
    permission?: Permission;
    /** `management`: /sandbox/* routes, company secret key only, allowed while API access is off. */
    auth?: 'api' | 'management' | 'none';
  }
}

interface CompanyRow {
  id: string;
  secret_key: string;
  api_access_enabled: number;
}

function presentedCredential(request: FastifyRequest): { key?: string; jwt?: string } {
  const header = request.headers.authorization;
  if (header !== undefined) return { key: header.trim().split(/\s+/)[1] ?? '' };
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (typeof query.secretKey === 'string') return { key: query.secretKey };
  if (typeof query.jwt === 'string') return { jwt: query.jwt };
  const body = request.body as Record<string, unknown> | null | undefined;
  if (body && typeof body === 'object' && typeof body.secretKey === 'string')
    return { key: body.secretKey };
  return {};
}

export function registerAuth(app: FastifyInstance, db: Db): void {
  const companyBySecret = db.prepare<[string], CompanyRow>(
    'SELECT id, secret_key, api_access_enabled FROM companies WHERE secret_key = ?',
  );
  const companyById = db.prepare<[string], CompanyRow>(
    'SELECT id, secret_key, api_access_enabled FROM companies WHERE id = ?',
  );
  const allCompanies = db.prepare<[], CompanyRow>(
    'SELECT id, secret_key, api_access_enabled FROM companies',
  );
  const apiKey = db.prepare<
    [string],
    { company_id: string; permissions: string; revoked_at: string | null }
  >('SELECT company_id, permissions, revoked_at FROM api_keys WHERE key = ?');

  async function authenticate(
    request: FastifyRequest,
    mode: 'api' | 'management',
  ): Promise<AuthContext> {
    const { key, jwt } = presentedCredential(request);
    if (jwt !== undefined) {
      if (mode === 'management') throw new UnauthorizedError('jwt not accepted for management');
      for (const company of allCompanies.all()) {
        try {
          await jwtVerify(jwt, new TextEncoder().encode(company.secret_key), {
            algorithms: ['HS256'],
          });
        } catch {
          continue;
        }
        if (!company.api_access_enabled) throw new UnauthorizedError('API access disabled');
        return {
          companyId: company.id,
          key: `jwt:${company.id}`,
          keyKind: 'jwt',
          permissions: 'all',
        };
      }
      throw new UnauthorizedError('invalid jwt');
    }
    if (!key) throw new UnauthorizedError('missing credentials');
    const company = companyBySecret.get(key);
    if (company) {
      if (mode === 'api' && !company.api_access_enabled)
        throw new UnauthorizedError('API access disabled');
      return { companyId: company.id, key, keyKind: 'secret', permissions: 'all' };
    }
    if (mode === 'management')
      throw new UnauthorizedError('management needs the company secret key');
    const row = apiKey.get(key);
    if (!row || row.revoked_at) throw new UnauthorizedError('unknown or revoked key');
    const owner = companyById.get(row.company_id);
    if (!owner?.api_access_enabled) throw new UnauthorizedError('API access disabled');
    return {
      companyId: row.company_id,
      key,
      keyKind: 'permissioned',
      permissions: JSON.parse(row.permissions) as Permission[],
    };
  }

  app.decorateRequest('auth', null);
  app.addHook('preHandler', async (request) => {
    const config = request.routeOptions.config;
    const mode = config.auth ?? 'api';
    if (mode === 'none') return;
    const auth = await authenticate(request, mode);
    const needed = config.permission;
    if (needed && auth.permissions !== 'all' && !auth.permissions.includes(needed))
      throw new UnauthorizedError(`key lacks ${needed}`);
    request.auth = auth;
  });
}

/** The authenticated company of a request whose route requires auth. */
export function companyOf(request: FastifyRequest): string {
  if (!request.auth) throw new UnauthorizedError('route used without authentication');
  return request.auth.companyId;
}
