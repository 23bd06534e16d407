// Demo mode: starts the sandbox Content API in this process (demo seed, its own SQLite file) and hands
// the console server what a real instance's operator would configure. The only file of src/server that
// may import src/sandbox.
import type { Logger } from 'pino';
import type { DemoAccount } from '#contract/console/health.ts';
import { buildSandbox } from '../sandbox/app.ts';
import { DEMO_STAFF_ACCOUNTS } from '../sandbox/seed/demo-learners.ts';
import type { UpstreamConfig } from './config.ts';

export interface EmbeddedSandbox {
  upstream: UpstreamConfig;
  demoAccounts: DemoAccount[];
  url: string;
  close(): Promise<void>;
}

export async function startEmbeddedSandbox(options: {
  port: number;
  dbFile: string;
  /**
   * The console's logger: the sandbox's lines pass its scrubber. Its request log (info) is written only
   * when the console logs at debug; its warnings and errors always.
   */
  log: Logger;
}): Promise<EmbeddedSandbox> {
  const sandbox = await buildSandbox({
    env: {},
    host: '127.0.0.1',
    port: options.port,
    dbFile: options.dbFile,
    seed: 'demo',
    logger: options.log.child({ component: 'sandbox' }, { level: sandboxLevel(options.log.level) }),
  });
  const url = await sandbox.listen();
  return {
    upstream: {
      baseUrl: url,
      apiKey: sandbox.company.secretKey,
      graphqlPath: sandbox.deps.config.graphqlPath,
    },
    demoAccounts: DEMO_STAFF_ACCOUNTS.map(({ email, password, role }) => ({
      email,
      password,
      role,
    })),
    url,
    close: () => sandbox.close(),
  };
}

/** The sandbox logs every request at info: that is for `LECTERN_LOG=debug` only. */
function sandboxLevel(consoleLevel: string): string {
  if (consoleLevel === 'debug' || consoleLevel === 'trace') return 'info';
  return consoleLevel === 'info' ? 'warn' : consoleLevel;
}
