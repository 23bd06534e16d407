// What routes and services receive: storage, settings, configuration. Built once in app.ts.
import type { SandboxConfig } from './config.ts';
import type { SettingsStore } from './settings.ts';
import type { Db } from './storage/database.ts';
import type { Company } from './company.ts';

export interface SandboxDeps {
  db: Db;
  settings: SettingsStore;
  config: SandboxConfig;
  company: Company;
  /** Milliseconds since epoch; injectable so tests can control time. */
  now: () => number;
}
