// The roles page's API (admin only).
import type { FastifyInstance } from 'fastify';
import {
  grantRole,
  listRoles,
  revokeRole,
  ROLE_DESCRIPTIONS,
  type RoleGrant,
} from '#contract/console/roles.ts';
import type { ConsoleDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { consoleRoutes } from './console-route.ts';

const grantView = (grant: Omit<RoleGrant, 'grantedAt'> & { grantedAt: number }): RoleGrant => ({
  ...grant,
  grantedAt: new Date(grant.grantedAt).toISOString(),
});

export function registerRolesRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const route = consoleRoutes(app, deps.auditTrail);

  route(listRoles, {
    handler: async () => ({
      roles: (await deps.roles.list()).map(grantView),
      available: ROLE_DESCRIPTIONS,
    }),
  });

  route(grantRole, {
    audit: {
      describe: ({ params, body }) => ({
        summary: `grant ${body.role} to ${params.email.toLowerCase()}`,
      }),
    },
    handler: async ({ params, body, session }) =>
      grantView(await deps.roles.grant(params.email, body.role, 'console', session.email)),
  });

  route(revokeRole, {
    audit: {
      describe: ({ params }) => ({ summary: `revoke role of ${params.email.toLowerCase()}` }),
    },
    handler: async ({ params }) => {
      if (!(await deps.roles.revoke(params.email, 'console')))
        throw new ApiError(404, 'not_found', `${params.email.toLowerCase()} has no role.`);
    },
  });
}
