// The roles page's API (admin only).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireRole } from '../auth/guards.ts';
import { ROLE_DESCRIPTIONS, Role } from '../auth/roles.ts';
import type { ConsoleDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import type { RoleGrant } from '../storage/roles-repository.ts';
import { parseInput } from './validate.ts';

const EmailParam = z.object({ email: z.email('must be an email address').max(320) });
const GrantBody = z.object({ role: Role });

const grantView = (grant: RoleGrant) => ({
  ...grant,
  grantedAt: new Date(grant.grantedAt).toISOString(),
});

export function registerRolesRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  app.get('/api/roles', async (request) => {
    requireRole(request, ['admin']);
    return { roles: (await deps.roles.list()).map(grantView), available: ROLE_DESCRIPTIONS };
  });

  app.put('/api/roles/:email', async (request) => {
    const audit = request.audit!;
    audit.operation = 'grantRole';
    audit.route = 'PUT /api/roles/:email';
    const actor = requireRole(request, ['admin']);
    const { email } = parseInput(EmailParam, request.params);
    const { role } = parseInput(GrantBody, request.body);
    audit.summary = `grant ${role} to ${email.toLowerCase()}`;
    await deps.auditTrail.begin(request);
    return grantView(await deps.roles.grant(email, role, 'console', actor.email));
  });

  app.delete('/api/roles/:email', async (request, reply) => {
    const audit = request.audit!;
    audit.operation = 'revokeRole';
    audit.route = 'DELETE /api/roles/:email';
    requireRole(request, ['admin']);
    const { email } = parseInput(EmailParam, request.params);
    audit.summary = `revoke role of ${email.toLowerCase()}`;
    await deps.auditTrail.begin(request);
    if (!(await deps.roles.revoke(email, 'console')))
      throw new ApiError(404, 'not_found', `${email.toLowerCase()} has no role.`);
    return reply.code(204).send();
  });
}
