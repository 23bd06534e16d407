// The architecture's import rules, checked through the project's real ESLint configuration.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, ...lines: string[]): Promise<string[]> {
  const [result] = await eslint.lintText(lines.join('\n'), { filePath });
  return result!.messages
    .filter((m) => m.ruleId === 'lectern/layer-boundaries')
    .map((m) => m.message);
}

describe('lectern/layer-boundaries', () => {
  it('refuses static, re-exported and dynamic imports across forbidden layers', async () => {
    expect(
      await boundaryErrors(
        'src/console/lib/probe.ts',
        "import { buildConsoleServer } from '../../server/app.ts';",
        "export * from '../../sandbox/app.ts';",
        "export const later = () => import('../../server/config.ts');",
        'export { buildConsoleServer };',
      ),
    ).toEqual([
      'src/console may not import from src/server (../../server/app.ts).',
      'src/console may not import from src/sandbox (../../sandbox/app.ts).',
      'src/console may not import from src/server (../../server/config.ts).',
    ]);
  });

  it('lets the sandbox import only the contract, and the compiler only the contract', async () => {
    expect(
      await boundaryErrors(
        'src/sandbox/services/probe.ts',
        "import { MESSAGES } from '#contract/index.ts';",
        "import { x } from '../../compiler/index.ts';",
        'export { MESSAGES, x };',
      ),
    ).toEqual(['src/sandbox may not import from src/compiler (../../compiler/index.ts).']);
    expect(
      await boundaryErrors(
        'src/compiler/draft/probe.ts',
        "export { apiClient } from '../../console/lib/api.ts';",
      ),
    ).toEqual(['src/compiler may not import from src/console (../../console/lib/api.ts).']);
  });

  it('resolves the #compiler and #contract aliases like relative paths', async () => {
    expect(
      await boundaryErrors(
        'src/sandbox/services/probe.ts',
        "import { MESSAGES } from '#contract/index.ts';",
        "export const later = () => import('#compiler/index.ts');",
        'export { MESSAGES };',
      ),
    ).toEqual(['src/sandbox may not import from src/compiler (#compiler/index.ts).']);
    expect(
      await boundaryErrors(
        'src/compiler/draft/probe.ts',
        "export { compileCreate } from '#compiler/compile.ts';",
      ),
    ).toEqual([
      'In src/compiler, draft may not import compile (#compiler/compile.ts): imports follow draft -> validate -> plan -> create/update -> execute.',
    ]);
  });

  it('has the server and the sandbox import the contract through its alias too', async () => {
    expect(
      await boundaryErrors(
        'src/server/routes/probe.ts',
        "import { ENDPOINTS } from '../../contract/endpoints.ts';",
        "import { LIMITS } from '#contract/limits.ts';",
        'export { ENDPOINTS, LIMITS };',
      ),
    ).toEqual(['Import src/contract through its alias #contract/… (../../contract/endpoints.ts).']);
    expect(
      await boundaryErrors(
        'src/sandbox/storage/probe.ts',
        "export { ENDPOINTS } from '../../contract/index.ts';",
      ),
    ).toEqual(['Import src/contract through its alias #contract/… (../../contract/index.ts).']);
    // The sandbox has no alias: the one file that wires it in names it by path.
    expect(
      await boundaryErrors(
        'src/server/embedded-sandbox.ts',
        "export const load = () => import('../sandbox/app.ts');",
      ),
    ).toEqual([]);
  });

  it('has the console and the compiler import other parts through their aliases', async () => {
    expect(
      await boundaryErrors(
        'src/console/features/jobs/probe.ts',
        "import { Job } from '../../../contract/schemas/background-job.ts';",
        "import { PHASES } from '#compiler/index.ts';",
        'export { Job, PHASES };',
      ),
    ).toEqual([
      'Import src/contract through its alias #contract/… (../../../contract/schemas/background-job.ts).',
    ]);
    expect(
      await boundaryErrors(
        'src/compiler/plan/probe.ts',
        "export { LIMITS } from '../../contract/index.ts';",
      ),
    ).toEqual(['Import src/contract through its alias #contract/… (../../contract/index.ts).']);
  });

  it('lets the server run the compiler (the course checks), through its alias only', async () => {
    expect(
      await boundaryErrors(
        'src/server/checks/probe.ts',
        "import { checkDraft } from '#compiler/index.ts';",
        "import { linkTarget } from '../../compiler/checks/course-checks.ts';",
        'export { checkDraft, linkTarget };',
      ),
    ).toEqual([
      'Import src/compiler through its alias #compiler/… (../../compiler/checks/course-checks.ts).',
    ]);
    // The console is still out of the server's reach, and the compiler out of the sandbox's.
    expect(
      await boundaryErrors(
        'src/server/checks/probe.ts',
        "export * from '../../console/lib/api.ts';",
      ),
    ).toEqual(['src/server may not import from src/console (../../console/lib/api.ts).']);
  });

  it('lets only embedded-sandbox.ts wire the sandbox into the server', async () => {
    const code = 'export const load = () => import(`../sandbox/app.ts`);';
    expect(await boundaryErrors('src/server/embedded-sandbox.ts', code)).toEqual([]);
    expect(await boundaryErrors('src/server/main.ts', code)).toEqual([
      'src/server may not import from src/sandbox (../sandbox/app.ts). Only src/server/embedded-sandbox.ts wires in the embedded sandbox.',
    ]);
  });

  it('keeps console features apart; lib, components and the same feature are fine', async () => {
    expect(
      await boundaryErrors(
        'src/console/features/publish/probe.tsx',
        "import { JobsTray } from '../jobs/jobs-tray.tsx';",
        "import { Button } from '../../components/ui/button.tsx';",
        "import { apiClient } from '../../lib/api.ts';",
        "import { PublishPanel } from './publish-panel.tsx';",
        'export { JobsTray, Button, apiClient, PublishPanel };',
      ),
    ).toEqual([
      'Feature "publish" may not import feature "jobs" (../jobs/jobs-tray.tsx): move shared code to src/console/lib or src/console/components.',
    ]);
  });

  it('never lets console lib or components import a feature; routes may', async () => {
    expect(
      await boundaryErrors(
        'src/console/lib/probe.ts',
        "export { jobHandoff } from '../features/course-editor/apply/job-handoff.ts';",
      ),
    ).toEqual([
      'src/console/lib may not import feature "course-editor" (../features/course-editor/apply/job-handoff.ts): shared code never depends on a feature.',
    ]);
    expect(
      await boundaryErrors(
        'src/console/components/ui/probe.tsx',
        "export { JobsTray } from '../../features/jobs/jobs-tray.tsx';",
      ),
    ).toEqual([
      'src/console/components may not import feature "jobs" (../../features/jobs/jobs-tray.tsx): shared code never depends on a feature.',
    ]);
    expect(
      await boundaryErrors(
        'src/console/routes/probe.tsx',
        "export { JobsTray } from '../features/jobs/jobs-tray.tsx';",
      ),
    ).toEqual([]);
  });

  it('keeps the compiler flowing draft -> validate -> plan -> create/update -> execute', async () => {
    const flow = (from: string, specifier: string) =>
      boundaryErrors(`src/compiler/${from}`, `export * from '${specifier}';`);
    // Allowed: each stage reads the ones before it, and the three shared leaves.
    expect(await flow('plan/probe.ts', '../draft/schema.ts')).toEqual([]);
    expect(await flow('create/probe.ts', '../plan/types.ts')).toEqual([]);
    expect(await flow('update/probe.ts', '../draft/tree-ops.ts')).toEqual([]);
    expect(await flow('execute/probe.ts', '../plan/refs.ts')).toEqual([]);
    expect(await flow('execute/probe.ts', '../messages.ts')).toEqual([]);
    expect(await flow('compile.ts', './validate.ts')).toEqual([]);
    expect(await flow('checks/probe.ts', '../draft/schema.ts')).toEqual([]);
    expect(await flow('index.ts', './checks/course-checks.ts')).toEqual([]);
    // Refused: against the flow, sideways between create and update, and the executor on drafts.
    const refused = (from: string, to: string, specifier: string) =>
      `In src/compiler, ${from} may not import ${to} (${specifier}): imports follow draft -> validate -> plan -> create/update -> execute.`;
    expect(await flow('draft/probe.ts', '../plan/types.ts')).toEqual([
      refused('draft', 'plan', '../plan/types.ts'),
    ]);
    expect(await flow('create/probe.ts', '../validate.ts')).toEqual([
      refused('create', 'validate', '../validate.ts'),
    ]);
    expect(await flow('create/probe.ts', '../update/baseline.ts')).toEqual([
      refused('create', 'update', '../update/baseline.ts'),
    ]);
    expect(await flow('execute/probe.ts', '../draft/schema.ts')).toEqual([
      refused('execute', 'draft', '../draft/schema.ts'),
    ]);
    expect(await flow('checks/probe.ts', '../plan/types.ts')).toEqual([
      refused('checks', 'plan', '../plan/types.ts'),
    ]);
    expect(await flow('draft/probe.ts', '../checks/course-checks.ts')).toEqual([
      refused('draft', 'checks', '../checks/course-checks.ts'),
    ]);
    expect(await flow('issues.ts', './draft/schema.ts')).toEqual([
      refused('shared', 'draft', './draft/schema.ts'),
    ]);
    // A new top-level file must say where it belongs; tests may import anything of the compiler.
    expect(await flow('helpers.ts', './ids.ts')).toEqual([
      "src/compiler/helpers.ts is outside the compiler's flow: put it in one of its folders or name it in COMPILER_FILES (scripts/eslint/layer-boundaries.js).",
    ]);
    expect(await flow('draft/probe.test.ts', '../index.ts')).toEqual([]);
  });

  it('keeps the console server flowing routes -> services -> storage', async () => {
    const flow = (from: string, specifier: string) =>
      boundaryErrors(`src/server/${from}`, `export * from '${specifier}';`);
    const refused = (from: string, to: string, specifier: string) =>
      `In src/server, ${from} may not import ${to} (${specifier}): imports follow routes and plugins -> services (each folder on its own) -> storage and upstream.`;
    // Allowed: down the flow, and the shared leaves from anywhere.
    expect(await flow('routes/probe.ts', '../relay/relay-service.ts')).toEqual([]);
    expect(await flow('routes/probe.ts', '../plugins/request-target.ts')).toEqual([]);
    expect(await flow('plugins/probe.ts', '../auth/session-service.ts')).toEqual([]);
    expect(await flow('auth/probe.ts', '../storage/roles-repository.ts')).toEqual([]);
    expect(await flow('auth/probe.ts', '../upstream/graphql-login.ts')).toEqual([]);
    expect(await flow('relay/probe.ts', '../config.ts')).toEqual([]);
    expect(await flow('storage/probe.ts', '../database-errors.ts')).toEqual([]);
    expect(await flow('app.ts', './storage/audit-repository.ts')).toEqual([]);
    // The four breaks issue 21 found, each refused now: storage never reaches up into a service...
    expect(await flow('storage/probe.ts', '../relay/normalize-event.ts')).toEqual([
      refused('storage', 'relay', '../relay/normalize-event.ts'),
    ]);
    expect(await flow('storage/probe.ts', '../audit/subjects.ts')).toEqual([
      refused('storage', 'audit', '../audit/subjects.ts'),
    ]);
    expect(await flow('storage/probe.ts', '../auth/roles-service.ts')).toEqual([
      refused('storage', 'auth', '../auth/roles-service.ts'),
    ]);
    // ...and a service never into the HTTP edge.
    expect(await flow('audit/probe.ts', '../plugins/csrf.ts')).toEqual([
      refused('audit', 'plugins', '../plugins/csrf.ts'),
    ]);
    // Routes reach storage only through services; services do not import each other.
    expect(await flow('routes/probe.ts', '../storage/audit-repository.ts')).toEqual([
      refused('routes', 'storage', '../storage/audit-repository.ts'),
    ]);
    expect(await flow('proxy/probe.ts', '../auth/guards.ts')).toEqual([
      refused('proxy', 'auth', '../auth/guards.ts'),
    ]);
    expect(await flow('config.ts', './storage/database.ts')).toEqual([
      refused('shared', 'storage', './storage/database.ts'),
    ]);
    expect(await flow('deps.ts', './storage/relay-repository.ts')).toEqual([
      refused('deps', 'storage', './storage/relay-repository.ts'),
    ]);
    expect(await flow('routes/probe.ts', '../app.ts')).toEqual([
      refused('routes', 'wiring', '../app.ts'),
    ]);
    // A new folder or top-level file must say where it sits; tests may import anything.
    expect(await flow('unplaced/probe.ts', '../config.ts')).toEqual([
      "src/server/unplaced/probe.ts is outside the server's flow: put it in one of its folders or name it in SERVER_FILES (scripts/eslint/layer-boundaries.js).",
    ]);
    expect(await flow('routes/probe.test.ts', '../storage/audit-repository.ts')).toEqual([]);
  });

  it('keeps the sandbox flowing routes -> services -> storage, in its slices too', async () => {
    const flow = (from: string, specifier: string) =>
      boundaryErrors(`src/sandbox/${from}`, `export * from '${specifier}';`);
    const refused = (from: string, to: string, specifier: string) =>
      `In src/sandbox, ${from} may not import ${to} (${specifier}): imports follow routes -> services -> storage.`;
    expect(await flow('routes/probe.ts', '../services/read/catalog-read-service.ts')).toEqual([]);
    expect(await flow('services/write/probe.ts', '../../storage/course-repository.ts')).toEqual([]);
    expect(await flow('services/write/probe.ts', '../jobs/job-service.ts')).toEqual([]);
    expect(await flow('plugins/probe.ts', '../settings.ts')).toEqual([]);
    expect(await flow('seed/probe.ts', '../services/write/course-plan.ts')).toEqual([]);
    expect(await flow('storage/probe.ts', '../lib/cursor.ts')).toEqual([]);
    expect(await flow('routes/probe.ts', '../storage/records.ts')).toEqual([
      refused('routes', 'storage', '../storage/records.ts'),
    ]);
    expect(await flow('storage/probe.ts', '../services/write/slugs.ts')).toEqual([
      refused('storage', 'services', '../services/write/slugs.ts'),
    ]);
    expect(await flow('services/read/probe.ts', '../../routes/define-route.ts')).toEqual([
      refused('services', 'routes', '../../routes/define-route.ts'),
    ]);
    expect(await flow('lib/probe.ts', '../storage/database.ts')).toEqual([
      refused('lib', 'storage', '../storage/database.ts'),
    ]);
    // In a slice (feed/, graphql/) a file's name gives its layer.
    expect(await flow('feed/feed-route.ts', './feed-service.ts')).toEqual([]);
    expect(await flow('feed/feed-service.ts', './events-repository.ts')).toEqual([]);
    expect(await flow('feed/register-feed.ts', './events-repository.ts')).toEqual([]);
    expect(await flow('feed/feed-route.ts', './events-repository.ts')).toEqual([
      refused('routes', 'storage', './events-repository.ts'),
    ]);
    expect(await flow('graphql/learner-session-repository.ts', './login-service.ts')).toEqual([
      refused('storage', 'services', './login-service.ts'),
    ]);
    expect(await flow('meetings/meetings-route.ts', '../lib/cursor.ts')).toEqual([
      "src/sandbox/meetings/meetings-route.ts is outside the sandbox's flow: put it in one of its folders or name it in SANDBOX_FILES (scripts/eslint/layer-boundaries.js).",
    ]);
  });

  it('lets only tests import tests and test fixtures', async () => {
    expect(
      await boundaryErrors(
        'src/compiler/draft/probe.ts',
        "export { gridDraft } from '../test-drafts.ts';",
      ),
    ).toEqual(['Only tests import tests and test fixtures (../test-drafts.ts).']);
    expect(
      await boundaryErrors(
        'src/compiler/draft/probe.test.ts',
        "export { gridDraft } from '../test-drafts.ts';",
      ),
    ).toEqual([]);
  });
});
