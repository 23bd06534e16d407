// Sandbox configuration, read from the environment once. `SANDBOX_*` variables are documented in docs/sandbox.md.
import { z } from '#contract/zod.ts';
import { LIMITS } from '#contract/index.ts';

const EnvSchema = z.object({
  SANDBOX_HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
  SANDBOX_PORT: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(65535)), 4401),
  SANDBOX_DB: z._default(z.string().check(z.minLength(1)), '.data/sandbox.db'),
  SANDBOX_API_KEY: z.optional(
    z.string().check(z.minLength(16, 'SANDBOX_API_KEY must be at least 16 characters')),
  ),
  SANDBOX_SEED: z._default(z.enum(['demo', 'empty']), 'demo'),
  SANDBOX_GRAPHQL_PATH: z._default(
    z
      .string()
      .check(z.regex(/^\/[A-Za-z0-9/_-]*$/, 'SANDBOX_GRAPHQL_PATH must be a path starting with /')),
    '/graphql',
  ),
  SANDBOX_ACTIVITY_PER_MINUTE: z.optional(
    z.coerce.number().check(z.int(), z.gte(0), z.lte(100_000)),
  ),
  SANDBOX_JOB_DELAY_MS: z.optional(z.coerce.number().check(z.int(), z.gte(0))),
  SANDBOX_LOG: z._default(z.enum(['silent', 'info', 'debug']), 'info'),
  SANDBOX_MAX_BODY_MB: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(1024)),
    LIMITS.requestBodyBytes / (1024 * 1024),
  ),
});

export type SandboxConfig = {
  host: string;
  port: number;
  dbFile: string;
  apiKey: string | undefined;
  seed: 'demo' | 'empty';
  graphqlPath: string;
  /** Learner activity simulator rate; undefined means the seed's default (60 demo, 0 empty). */
  activityPerMinute: number | undefined;
  /** Set explicitly: wins over a value stored by `PUT /sandbox/settings` (default 1,500 ms). */
  jobDelayMs: number | undefined;
  logLevel: 'silent' | 'info' | 'debug';
  /** Largest request body accepted; larger ones get a 413 (and are read to the end, so the connection stays usable). */
  maxBodyBytes: number;
};

export function readSandboxConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid sandbox configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    host: e.SANDBOX_HOST,
    port: e.SANDBOX_PORT,
    dbFile: e.SANDBOX_DB,
    apiKey: e.SANDBOX_API_KEY,
    seed: e.SANDBOX_SEED,
    graphqlPath: e.SANDBOX_GRAPHQL_PATH,
    activityPerMinute: e.SANDBOX_ACTIVITY_PER_MINUTE,
    jobDelayMs: e.SANDBOX_JOB_DELAY_MS,
    logLevel: e.SANDBOX_LOG,
    maxBodyBytes: e.SANDBOX_MAX_BODY_MB * 1024 * 1024,
  };
}
