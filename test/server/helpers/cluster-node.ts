// One console server process of a cluster under test: the real server (buildConsoleServer), configured
// from the environment as main.ts does, against a real instance (the test's sandbox), without building
// the SPA. LECTERN_TEST_RELAY and LECTERN_TEST_ALERTS (JSON) override relay and alert timings that have
// no variable of their own. Prints `READY <url>` once listening; SIGTERM is the graceful stop main.ts
// does. Its stdin is a pipe from the process that started it: when that pipe closes (the starter exited
// or was killed without stopping it, e.g. after a hook timed out), the node exits too instead of polling
// on as an orphan for the rest of the machine's day. Used by the cluster and shutdown tests and
// bench/cluster-failover.ts.
import { buildConsoleServer } from '../../../src/server/app.ts';
import { readConsoleConfig } from '../../../src/server/config.ts';

const config = readConsoleConfig();
if (!config.upstream) throw new Error('cluster-node needs LECTERN_UPSTREAM_URL and friends');
Object.assign(config.relay, JSON.parse(process.env.LECTERN_TEST_RELAY ?? '{}'));
Object.assign(config.alerts, JSON.parse(process.env.LECTERN_TEST_ALERTS ?? '{}'));
const server = await buildConsoleServer(config, config.upstream, { distDir: '/nonexistent' });
const url = await server.listen();
process.stdout.write(`READY ${url}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void server.shutdown().then(() => process.exit(0));
  });
process.stdin.on('end', () => process.exit(1));
process.stdin.resume();
