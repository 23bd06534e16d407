// The management API under /sandbox (docs/sandbox.md): for tests and demos, authenticated with the company
// secret key only, and still open while the company's API access is switched off.
import type { FastifyInstance } from 'fastify';
import type { SandboxDeps } from '../deps.ts';
import { companyOf } from '../plugins/auth.ts';
import { createManagementService } from '../services/management/management-service.ts';

export function registerManagementRoutes(app: FastifyInstance, deps: SandboxDeps): void {
  const management = createManagementService(deps);
  const config = { auth: 'management' as const };

  app.post('/sandbox/keys', { config }, async (request, reply) =>
    reply.code(201).send(management.createKey(companyOf(request), request.body)),
  );
  app.delete<{ Params: { key: string } }>(
    '/sandbox/keys/:key',
    { config },
    async (request, reply) => {
      management.revokeKey(companyOf(request), request.params.key);
      return reply.code(204).send();
    },
  );
  app.post('/sandbox/users', { config }, async (request, reply) =>
    reply.code(201).send(await management.createUser(companyOf(request), request.body)),
  );
  app.post('/sandbox/tags', { config }, async (request, reply) =>
    reply.code(201).send(management.createTag(companyOf(request), request.body)),
  );
  app.post('/sandbox/companies', { config }, async (request, reply) =>
    reply.code(201).send(management.createCompany(request.body)),
  );
  app.get('/sandbox/settings', { config }, async (request) =>
    management.settings(companyOf(request)),
  );
  app.put('/sandbox/settings', { config }, async (request) =>
    management.updateSettings(companyOf(request), request.body),
  );
}
