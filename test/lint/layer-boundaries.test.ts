// The architecture's import rules, checked through the project's real ESLint configuration.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((m) => m.ruleId === 'lectern/layer-boundaries')
    .map((m) => m.message);
}

describe('lectern/layer-boundaries', () => {
  it('refuses static, re-exported and dynamic imports across forbidden layers', async () => {
    expect(
      await boundaryErrors(
        'src/console/lib/probe.ts',
        [
          "import { buildConsoleServer } from '../../server/app.ts';",
          "export * from '../../sandbox/app.ts';",
          "export const later = () => import('../../server/config.ts');",
          'export { buildConsoleServer };',
        ].join('\n'),
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
        "import { MESSAGES } from '../../contract/index.ts';\nimport { x } from '../../compiler/index.ts';\nexport { MESSAGES, x };",
      ),
    ).toEqual(['src/sandbox may not import from src/compiler (../../compiler/index.ts).']);
    expect(
      await boundaryErrors(
        'src/compiler/probe.ts',
        "export { apiClient } from '../console/lib/api.ts';",
      ),
    ).toEqual(['src/compiler may not import from src/console (../console/lib/api.ts).']);
  });

  it('lets only embedded-sandbox.ts wire the sandbox into the server', async () => {
    const code = 'export const load = () => import(`../sandbox/app.ts`);';
    expect(await boundaryErrors('src/server/embedded-sandbox.ts', code)).toEqual([]);
    expect(await boundaryErrors('src/server/main-probe.ts', code)).toEqual([
      'src/server may not import from src/sandbox (../sandbox/app.ts). Only src/server/embedded-sandbox.ts wires in the embedded sandbox.',
    ]);
  });

  it('keeps console features apart; lib, components and the same feature are fine', async () => {
    expect(
      await boundaryErrors(
        'src/console/features/publish/probe.tsx',
        [
          "import { JobsTray } from '../jobs/jobs-tray.tsx';",
          "import { Button } from '../../components/ui/button.tsx';",
          "import { apiClient } from '../../lib/api.ts';",
          "import { PublishPanel } from './publish-panel.tsx';",
          'export { JobsTray, Button, apiClient, PublishPanel };',
        ].join('\n'),
      ),
    ).toEqual([
      'Feature "publish" may not import feature "jobs" (../jobs/jobs-tray.tsx): move shared code to src/console/lib or src/console/components.',
    ]);
  });
});
