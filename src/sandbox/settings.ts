// Runtime settings changed through `PUT /sandbox/settings`, persisted in sandbox_settings.
import { z } from '#contract/zod.ts';
import type { Db } from './storage/database.ts';

export const RateLimit = z.strictObject({
  perMinute: z.int().check(z.gte(1), z.lte(1_000_000)),
  burst: z.int().check(z.gte(1), z.lte(1_000_000)),
});
export type RateLimit = z.infer<typeof RateLimit>;

export const Fault = z
  .strictObject({
    route: z.string().check(z.minLength(1)).register(z.globalRegistry, {
      description:
        "Path under /incoming/v2 (or /graphql); '*' matches one or more segments' characters.",
    }),
    method: z.optional(z.enum(['GET', 'POST', 'PUT', 'DELETE'])),
    status: z.optional(z.union([z.literal(500), z.literal(429), z.literal(503)])),
    reset: z.optional(z.literal(true)),
    delayMs: z.optional(z.int().check(z.gte(1), z.lte(60_000))),
    rate: z.number().check(z.gte(0), z.lte(1)),
  })
  .check(
    z.refine((f) => [f.status, f.reset, f.delayMs].filter((v) => v !== undefined).length === 1, {
      message: 'each fault needs exactly one of status, reset or delayMs',
    }),
  );
export type Fault = z.infer<typeof Fault>;

export const SettingsUpdate = z.strictObject({
  apiAccessEnabled: z.optional(z.boolean()),
  pendingJobLimit: z.optional(z.int().check(z.gte(0))),
  jobDelayMs: z.optional(z.int().check(z.gte(0), z.lte(600_000))),
  jobFailureRate: z.optional(z.number().check(z.gte(0), z.lte(1))),
  activityPerMinute: z.optional(z.int().check(z.gte(0), z.lte(100_000))),
  eventsRateLimit: z.optional(RateLimit),
  usersRateLimit: z.optional(RateLimit),
  meetingsRateLimit: z.optional(RateLimit),
  faults: z.optional(z.array(Fault)),
  seed: z
    .optional(z.int())
    .register(z.globalRegistry, { description: 'Seed for deterministic fault injection.' }),
  secretKey: z.optional(z.string()),
});
export type SettingsUpdate = z.infer<typeof SettingsUpdate>;

export interface Settings {
  pendingJobLimit: number;
  jobDelayMs: number;
  /** Share of uploads the job worker fails (besides URLs on `.invalid` hosts, which always fail). */
  jobFailureRate: number;
  activityPerMinute: number;
  eventsRateLimit: RateLimit;
  usersRateLimit: RateLimit;
  meetingsRateLimit: RateLimit;
  faults: Fault[];
  seed: number | null;
}

export const DEFAULT_SETTINGS: Settings = {
  pendingJobLimit: 50,
  jobDelayMs: 1500,
  jobFailureRate: 0,
  activityPerMinute: 0,
  eventsRateLimit: { perMinute: 600, burst: 60 },
  usersRateLimit: { perMinute: 120, burst: 20 },
  meetingsRateLimit: { perMinute: 120, burst: 20 },
  faults: [],
  seed: null,
};

type Listener = (settings: Settings) => void;

/** Settings live in memory for hot paths and are written through to SQLite. */
export class SettingsStore {
  private current: Settings;
  private readonly listeners = new Set<Listener>();

  /**
   * `defaults` apply where nothing was stored by an earlier `PUT /sandbox/settings`; `overrides` are
   * what the operator set explicitly at start (environment), so they win over stored values and are
   * stored in turn.
   */
  constructor(
    private readonly db: Db,
    {
      defaults = {},
      overrides = {},
    }: { defaults?: Partial<Settings>; overrides?: Partial<Settings> },
  ) {
    const stored = db
      .prepare('SELECT value FROM sandbox_settings WHERE key = ?')
      .get('settings') as { value: string } | undefined;
    const explicit = Object.fromEntries(
      Object.entries(overrides).filter(([, value]) => value !== undefined),
    ) as Partial<Settings>;
    this.current = {
      ...DEFAULT_SETTINGS,
      ...defaults,
      ...(stored ? (JSON.parse(stored.value) as Partial<Settings>) : {}),
      ...explicit,
    };
    if (stored && Object.keys(explicit).length > 0) this.persist();
  }

  get(): Settings {
    return this.current;
  }

  update(patch: Partial<Settings>): Settings {
    this.current = { ...this.current, ...patch };
    this.persist();
    for (const listener of this.listeners) listener(this.current);
    return this.current;
  }

  private persist(): void {
    this.db
      .prepare(
        'INSERT INTO sandbox_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      )
      .run('settings', JSON.stringify(this.current));
  }

  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
