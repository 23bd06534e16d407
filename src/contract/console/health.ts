// What anyone may ask without a session: the server's health (for load balancers and monitoring) and
// the public facts the sign-in page needs.
import { z } from '../zod.ts';
import { consoleEndpoint } from './endpoint.ts';
import { ConsoleRole } from './access.ts';
import { RoleDescriptions } from './roles.ts';

export const RelayLeadership = z.object({
  role: z.enum(['leader', 'follower', 'off']).register(z.globalRegistry, {
    description:
      '`leader`: this server polls the feed; `follower`: another one does (`leader` names it); `off`: `LECTERN_RELAY_KINDS=none`.',
  }),
  leader: z.nullable(z.string()),
  since: z
    .nullable(z.number())
    .register(z.globalRegistry, { description: 'When this server became the leader (epoch ms).' }),
});
export type RelayLeadership = z.infer<typeof RelayLeadership>;

export const UpstreamPool = z
  .object({
    connections: z.int().register(z.globalRegistry, {
      description: '`LECTERN_UPSTREAM_CONNECTIONS`: the most it opens.',
    }),
    busy: z.int().register(z.globalRegistry, { description: 'Requests on a connection now.' }),
    queued: z
      .int()
      .register(z.globalRegistry, { description: 'Requests waiting for a connection.' }),
    saturated: z.boolean(),
  })
  .register(z.globalRegistry, { description: 'The connection pool to the learning instance.' });
export type UpstreamPool = z.infer<typeof UpstreamPool>;

export const RequestBodies = z
  .object({
    receiving: z
      .int()
      .register(z.globalRegistry, { description: 'Proxied request bodies being received now.' }),
    limit: z.int().register(z.globalRegistry, { description: '`LECTERN_BODIES_TOTAL`.' }),
    saturated: z.boolean().register(z.globalRegistry, {
      description: 'Every place is taken: the next body is refused with 503.',
    }),
  })
  .register(z.globalRegistry, {
    description: 'Proxied request bodies being received (read whole before forwarding).',
  });
export type RequestBodies = z.infer<typeof RequestBodies>;

export const Health = z.object({
  ok: z.boolean(),
  server: z.string().register(z.globalRegistry, { description: '`LECTERN_SERVER_NAME`.' }),
  database: z.object({
    engine: z.enum(['sqlite', 'postgres']),
    status: z.enum(['up', 'down']),
    latencyMs: z.nullable(z.number()),
  }),
  relay: RelayLeadership,
  auditBacklog: z.int().register(z.globalRegistry, {
    description: 'Audit rows waiting in memory for the database to come back.',
  }),
  upstreamPool: UpstreamPool,
  requestBodies: RequestBodies,
});
export type Health = z.infer<typeof Health>;

export const CSRF_HEADER = 'X-Lectern-Csrf';

/** Public demo credentials of the embedded sandbox, listed on the sign-in page. */
export const DemoAccount = z.object({ email: z.string(), password: z.string(), role: ConsoleRole });
export type DemoAccount = z.infer<typeof DemoAccount>;

export const ConsoleMeta = z.object({
  mode: z.enum(['demo', 'upstream']).register(z.globalRegistry, {
    description: '`demo`: the embedded sandbox; `upstream`: a real learning instance.',
  }),
  csrfHeader: z.literal(CSRF_HEADER),
  roles: RoleDescriptions,
  demoAccounts: z.nullable(z.array(DemoAccount)).register(z.globalRegistry, {
    description: 'The demo credentials in `demo` mode; null otherwise.',
  }),
  signIn: z
    .object({
      instance: z.boolean().register(z.globalRegistry, {
        description:
          'Sign-in with a learning-platform email and password is offered (`LECTERN_INSTANCE_LOGIN`).',
      }),
      identityProvider: z
        .nullable(
          z.object({
            name: z.string().register(z.globalRegistry, {
              description: '`LECTERN_OIDC_NAME`: "Sign in with <name>".',
            }),
            signOutUrl: z.nullable(z.url()).register(z.globalRegistry, {
              description:
                "The provider's end-session page, which signs the user out there too and comes back to the console's sign-in page; null when the provider has none. The console offers it after signing out a session started through the provider.",
            }),
          }),
        )
        .register(z.globalRegistry, {
          description: 'Sign-in through OpenID Connect, when configured.',
        }),
    })
    .register(z.globalRegistry, { description: 'The ways to sign in this console offers.' }),
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

export const Liveness = z.object({
  alive: z.literal(true),
  server: z.string().register(z.globalRegistry, { description: '`LECTERN_SERVER_NAME`.' }),
});
export type Liveness = z.infer<typeof Liveness>;

export const Readiness = z.object({
  ready: z.boolean(),
  server: z.string().register(z.globalRegistry, { description: '`LECTERN_SERVER_NAME`.' }),
  reasons: z.array(z.string()).register(z.globalRegistry, {
    description:
      'Why this server should get no new requests now, in sentences (empty when ready): shutting down, the database unreachable, the upstream pool or the request-body places saturated.',
  }),
});
export type Readiness = z.infer<typeof Readiness>;

export const getLiveness = consoleEndpoint({
  operationId: 'getLiveness',
  method: 'GET',
  path: '/api/health/live',
  summary: 'Whether the process answers at all (a liveness probe): restart it when this fails.',
  description:
    'Asks nothing of the database or the instance, so an outage elsewhere never gets a healthy server restarted.',
  access: 'public',
  response: Liveness,
});

export const getReadiness = consoleEndpoint({
  operationId: 'getReadiness',
  method: 'GET',
  path: '/api/health/ready',
  summary: 'Whether this server should get new requests (a readiness probe).',
  description:
    'Answers `503` with the same body while it should not: from the moment it is asked to stop (SIGTERM) until it exits, while the database cannot be used, and while the upstream pool or the request-body places are saturated (as `/api/health`).',
  access: 'public',
  response: Readiness,
});

export const HEALTH_ENDPOINTS = [getHealth, getMeta, getLiveness, getReadiness] as const;
