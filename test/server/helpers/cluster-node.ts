// One console server process of a cluster under test: the real server (buildConsoleServer), configured
// from the environment as main.ts does, against a real instance (the test's sandbox), without building
// the SPA. LECTERN_TEST_RELAY and LECTERN_TEST_ALERTS (JSON) override relay and alert timings that have
// no variable of their own. Prints `READY <url>` once listening; SIGTERM is the graceful stop main.ts
// does. Used by the cluster and shutdown tests and bench/cluster-failover.ts.
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
