// Sandbox configuration, read from the environment once. `SANDBOX_*` variables are documented in docs/sandbox.md.
import { z } from 'zod';
import { LIMITS } from '#contract/index.ts';

const EnvSchema = z.object({
  SANDBOX_HOST: z.string().min(1).default('127.0.0.1'),
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(4401),
  SANDBOX_DB: z.string().min(1).default('.data/sandbox.db'),
  SANDBOX_API_KEY: z.string().min(16, 'SANDBOX_API_KEY must be at least 16 characters').optional(),
  SANDBOX_SEED: z.enum(['demo', 'empty']).default('demo'),
  SANDBOX_GRAPHQL_PATH: z
    .string()
    .regex(/^\/[A-Za-z0-9/_-]*$/, 'SANDBOX_GRAPHQL_PATH must be a path starting with /')
    .default('/graphql'),
  SANDBOX_ACTIVITY_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).optional(),
  SANDBOX_JOB_DELAY_MS: z.coerce.number().int().min(0).optional(),
  SANDBOX_LOG: z.enum(['silent', 'info', 'debug']).default('info'),
  SANDBOX_MAX_BODY_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(1024)
    .default(LIMITS.requestBodyBytes / (1024 * 1024)),
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
