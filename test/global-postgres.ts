// Vitest global setup: one PostgreSQL server for the whole run (test files create their own databases
// on it with test/helpers/test-database.ts). Its admin URL reaches the workers through `provide`.
import type { TestProject } from 'vitest/node';
import { startPostgres } from './helpers/postgres-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    postgresPassword: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  project.provide('postgresAdminUrl', server.adminUrl);
  project.provide('postgresPassword', server.password);
  return () => server.stop();
}
