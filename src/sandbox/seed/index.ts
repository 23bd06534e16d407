// Seeds a new database according to SANDBOX_SEED (`demo` by default, or `empty`).
import type { SandboxDeps } from '../deps.ts';
import { seedDemo } from './demo-seed.ts';
import { seedEmpty } from './empty-seed.ts';

export { seedDemo, seedEmpty };

export function seedContent(deps: SandboxDeps): void {
  if (deps.config.seed === 'demo') seedDemo(deps);
  else seedEmpty(deps);
}
