// Builds the sandbox: storage, default company, seed, plugins, routes, background workers.
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { API_PREFIX, buildOpenApiDocument } from '#contract/index.ts';
import { readSandboxConfig, type SandboxConfig } from './config.ts';
import { ensureDefaultCompany, type Company } from './company.ts';
import type { SandboxDeps } from './deps.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerFaults } from './plugins/faults.ts';
import { registerJsonBodyParser } from './plugins/json-body.ts';
import { createSandboxLogger, type LogDestination } from './plugins/logging.ts';
import { registerThrottle } from './plugins/throttle.ts';
import { registerFeed } from './feed/register-feed.ts';
import { registerGraphql } from './graphql/register-graphql.ts';
import { CursorCodec } from './lib/cursor.ts';
import { seedDemoActivity } from './seed/demo-activity.ts';
import { registerBulkRoutes } from './routes/bulk-routes.ts';
import { registerReadRoutes } from './routes/read-routes.ts';
import { seedContent } from './seed/index.ts';
import { bulkImportJobHandler } from './services/bulk/bulk-imports.ts';
import { registerManagementRoutes } from './routes/management-routes.ts';
import { registerWriteRoutes } from './routes/write-routes.ts';
import { createJobWorker } from './services/jobs/job-worker.ts';
import { createScheduledPublishing } from './services/jobs/scheduled-publishing.ts';
import { SettingsStore } from './settings.ts';
import { loadCursorSecret } from './storage/cursor-secret.ts';
import { openDatabase, type Db } from './storage/database.ts';

export interface Sandbox {
  app: FastifyInstance;
  db: Db;
  deps: SandboxDeps;
  company: Company;
  /** Start background workers (job worker, activity simulator) and listen. Returns the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export interface SandboxOptions extends Partial<SandboxConfig> {
  /** Tests pass overrides; anything unset comes from the environment's defaults. */
  env?: NodeJS.ProcessEnv;
  /**
   * Log through this logger instead of the sandbox's own (the console's, when it embeds the sandbox, so
   * its lines pass the console's scrubber). Its level decides what is written.
   */
  logger?: FastifyBaseLogger;
  /** Where the sandbox's own log lines go (after redaction); defaults to stdout. */
  logDestination?: LogDestination;
}

export async function buildSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const { env, logger, logDestination, ...overrides } = options;
  const config: SandboxConfig = { ...readSandboxConfig(env ?? {}), ...overrides };
  const db = openDatabase(config.dbFile);
  const { created, ...company } = ensureDefaultCompany(db, config.apiKey);
  const settings = new SettingsStore(db, {
    defaults: { activityPerMinute: config.seed === 'demo' ? 60 : 0 },
    overrides: { jobDelayMs: config.jobDelayMs, activityPerMinute: config.activityPerMinute },
  });
  const deps: SandboxDeps = { db, settings, config, company, now: Date.now };
  if (created) await seedNewDatabase(deps);

  const app = Fastify({
    ...createSandboxLogger(config.logLevel, { logger, destination: logDestination }),
    bodyLimit: config.maxBodyBytes,
    // Opaque cursors and ids only; keeps the router strict about what it matches.
    routerOptions: { ignoreTrailingSlash: true },
  });
  registerErrorHandler(app, config.maxBodyBytes);
  registerJsonBodyParser(app, config.maxBodyBytes);
  registerAuth(app, db);
  // Faults run first (onRequest, before auth); throttling after auth (buckets are per key).
  registerFaults(app, settings);
  registerThrottle(app, settings, () => deps.now());

  app.get(`${API_PREFIX}/openapi.json`, { config: { auth: 'none' } }, async () => openApi());

  const workers: { start(): void; stop(): Promise<void> | void }[] = [];
  // Every route module is registered here (see routes/*.ts, feed/, graphql/), and every
  // worker (services/jobs/job-worker.ts with scheduled publishing, feed/activity-worker.ts). One codec signs every list's cursors.
  const cursors = new CursorCodec(loadCursorSecret(db));
  registerReadRoutes(app, deps, cursors);
  registerWriteRoutes(app, deps);
  registerBulkRoutes(app, deps);
  registerManagementRoutes(app, deps);
  const jobWorker = createJobWorker(deps);
  jobWorker.handle('bulkImport', bulkImportJobHandler(deps));
  jobWorker.every(createScheduledPublishing(deps).publishDue);
  workers.push(jobWorker);
  const feed = registerFeed(app, deps, cursors);
  workers.push(feed.worker);
  registerGraphql(app, deps);

  let address: string | undefined;
  return {
    app,
    db,
    deps,
    company,
    async listen() {
      address = await app.listen({ host: config.host, port: config.port });
      for (const worker of workers) worker.start();
      return address;
    },
    async close() {
      for (const worker of workers) await worker.stop();
      await app.close();
      db.close();
    },
  };
}

let openApiCache: unknown;
const openApi = () => (openApiCache ??= buildOpenApiDocument());

async function seedNewDatabase(deps: SandboxDeps): Promise<void> {
  // Seeds register here (seed/*.ts).
  seedContent(deps);
  if (deps.config.seed === 'demo') await seedDemoActivity(deps);
}
