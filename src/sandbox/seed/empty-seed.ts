// SANDBOX_SEED=empty: the company with its configuration (ribbons, content types) and a few tags.
import type { SandboxDeps } from '../deps.ts';
import { EMPTY_SEED_TAGS, seedCompanyConfig } from './seed-config.ts';

export function seedEmpty(deps: SandboxDeps, companyId: string = deps.company.id): void {
  const at = new Date(deps.now()).toISOString();
  deps.db.transaction(() => seedCompanyConfig(deps.db, companyId, EMPTY_SEED_TAGS, at))();
}
