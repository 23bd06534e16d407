// Wires the GraphQL learner entry point at the configured path (SANDBOX_GRAPHQL_PATH).
import type { FastifyInstance } from 'fastify';
import type { SandboxDeps } from '../deps.ts';
import { registerGraphqlRoute } from './graphql-route.ts';
import { LearnerSessionRepository } from './learner-session-repository.ts';
import { LoginService } from './login-service.ts';

export function registerGraphql(app: FastifyInstance, deps: SandboxDeps): void {
  const sessions = new LearnerSessionRepository(deps.db);
  const login = new LoginService(sessions, () => deps.now());
  registerGraphqlRoute(app, deps.config.graphqlPath, login);
}
