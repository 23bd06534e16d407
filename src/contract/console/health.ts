// What anyone may ask without a session: the server's health (for load balancers and monitoring) and
// the public facts the sign-in page needs.
import { z } from 'zod';
import { consoleEndpoint } from './endpoint.ts';
import { ConsoleRole } from './access.ts';
import { RoleDescriptions } from './roles.ts';

export const RelayLeadership = z.object({
  role: z.enum(['leader', 'follower', 'off']).meta({
    description:
      '`leader`: this server polls the feed; `follower`: another one does (`leader` names it); `off`: `LECTERN_RELAY_KINDS=none`.',
  }),
  leader: z.string().nullable(),
  since: z
    .number()
    .nullable()
    .meta({ description: 'When this server became the leader (epoch ms).' }),
});
export type RelayLeadership = z.infer<typeof RelayLeadership>;

export const UpstreamPool = z
  .object({
    connections: z
      .int()
      .meta({ description: '`LECTERN_UPSTREAM_CONNECTIONS`: the most it opens.' }),
    busy: z.int().meta({ description: 'Requests on a connection now.' }),
    queued: z.int().meta({ description: 'Requests waiting for a connection.' }),
    saturated: z.boolean(),
  })
  .meta({ description: 'The connection pool to the learning instance.' });
export type UpstreamPool = z.infer<typeof UpstreamPool>;

export const RequestBodies = z
  .object({
    receiving: z.int().meta({ description: 'Proxied request bodies being received now.' }),
    limit: z.int().meta({ description: '`LECTERN_BODIES_TOTAL`.' }),
    saturated: z
      .boolean()
      .meta({ description: 'Every place is taken: the next body is refused with 503.' }),
  })
  .meta({ description: 'Proxied request bodies being received (read whole before forwarding).' });
export type RequestBodies = z.infer<typeof RequestBodies>;

export const Health = z.object({
  ok: z.boolean(),
  server: z.string().meta({ description: '`LECTERN_SERVER_NAME`.' }),
  database: z.object({
    engine: z.enum(['sqlite', 'postgres']),
    status: z.enum(['up', 'down']),
    latencyMs: z.number().nullable(),
  }),
  relay: RelayLeadership,
  auditBacklog: z
    .int()
    .meta({ description: 'Audit rows waiting in memory for the database to come back.' }),
  upstreamPool: UpstreamPool,
  requestBodies: RequestBodies,
});
export type Health = z.infer<typeof Health>;

export const CSRF_HEADER = 'X-Lectern-Csrf';

/** Public demo credentials of the embedded sandbox, listed on the sign-in page. */
export const DemoAccount = z.object({ email: z.string(), password: z.string(), role: ConsoleRole });
export type DemoAccount = z.infer<typeof DemoAccount>;

export const ConsoleMeta = z.object({
  mode: z.enum(['demo', 'upstream']).meta({
    description: '`demo`: the embedded sandbox; `upstream`: a real learning instance.',
  }),
  csrfHeader: z.literal(CSRF_HEADER),
  roles: RoleDescriptions,
  demoAccounts: z
    .array(DemoAccount)
    .nullable()
    .meta({ description: 'The demo credentials in `demo` mode; null otherwise.' }),
});
export type ConsoleMeta = z.infer<typeof ConsoleMeta>;

export const getHealth = consoleEndpoint({
  operationId: 'getHealth',
  method: 'GET',
  path: '/api/health',
  summary: "This server's health, for load balancers and monitoring.",
  description:
    'Answers `503` with the same body while this server cannot serve: the database cannot be used, the upstream pool is saturated (requests wait for a connection), or every place for a request body is taken.',
  access: 'public',
  response: Health,
});

export const getMeta = consoleEndpoint({
  operationId: 'getMeta',
  method: 'GET',
  path: '/api/meta',
  summary: 'The public facts the sign-in page needs: the mode, the CSRF header, the roles.',
  access: 'public',
  response: ConsoleMeta,
});

export const HEALTH_ENDPOINTS = [getHealth, getMeta] as const;
