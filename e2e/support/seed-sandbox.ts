// `node --import tsx e2e/support/seed-sandbox.ts <file>`: writes a sandbox database with the demo seed
// (the embedded sandbox's own: generated key, demo catalog, accounts, a week of events) and exits
// without listening, so no worker adds anything to it. global-setup.ts runs it once per run.
import { buildSandbox } from '../../src/sandbox/app.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: seed-sandbox.ts <database file>');
const sandbox = await buildSandbox({ env: {}, dbFile: file, seed: 'demo', logLevel: 'silent' });
await sandbox.close();
