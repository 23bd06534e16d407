// `npm start`: build the SPA if needed, start the embedded sandbox unless a real instance is configured,
// then the console server. Prints where to go and, in demo mode, how to sign in.
import { buildConsoleServer, DEFAULT_DIST_DIR } from './app.ts';
import { ensureSpaBuilt } from './build-spa.ts';
import { ConfigError, readConsoleConfig, type ConsoleConfig } from './config.ts';
import { startEmbeddedSandbox, type EmbeddedSandbox } from './embedded-sandbox.ts';
import { createLogger } from './logger.ts';
import { DatabaseStartError } from './storage/database.ts';
import { IdentityProviderStartError } from './auth/identity-provider-service.ts';
import { upstreamSecrets } from './upstream/upstream-client.ts';

let config: ConsoleConfig;
try {
  config = readConsoleConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

await ensureSpaBuilt(DEFAULT_DIST_DIR, (line) => console.log(line));

// One logger for the console and, in demo mode, the embedded sandbox: both pass its scrubber, which knows
// the API key once the upstream is known.
let secrets: readonly string[] = config.upstream ? upstreamSecrets(config.upstream.apiKey) : [];
// The console server adds the database password here once it knows it.
const databaseSecrets: string[] = [];
const log = createLogger(config.logLevel, () => [...secrets, ...databaseSecrets]);

let embedded: EmbeddedSandbox | undefined;
let upstream = config.upstream;
if (!upstream) {
  embedded = await startEmbeddedSandbox({
    port: config.sandbox.port,
    dbFile: config.sandbox.dbFile,
    log,
  });
  upstream = embedded.upstream;
  secrets = upstreamSecrets(upstream.apiKey);
}

let server;
try {
  server = await buildConsoleServer(config, upstream, {
    demoAccounts: embedded?.demoAccounts,
    log,
    logSecrets: databaseSecrets,
  });
} catch (error) {
  if (!(error instanceof DatabaseStartError || error instanceof IdentityProviderStartError))
    throw error;
  console.error(error.message);
  await embedded?.close();
  process.exit(1);
}
const boundUrl = await server.listen();
const url = config.publicOrigin ?? boundUrl;

console.log(`\nLectern console: ${url}${url === boundUrl ? '' : ` (listening on ${boundUrl})`}`);
if (embedded) {
  console.log(`Mode: demo, against the embedded sandbox at ${embedded.url}/incoming/v2`);
  console.log('Demo sign-in accounts:');
  for (const account of embedded.demoAccounts)
    console.log(`  ${account.role.padEnd(15)} ${account.email.padEnd(24)} ${account.password}`);
} else {
  console.log(
    `Mode: upstream ${new URL(upstream.baseUrl).origin} (GraphQL ${upstream.graphqlPath})`,
  );
}
console.log(
  `Console state: ${server.store.location}${server.store.engine === 'postgres' ? ` (PostgreSQL, shared; this server is ${config.serverName})` : ''}\n`,
);

// SIGTERM (a supervisor, a rolling deploy) and SIGINT (Ctrl-C): a graceful stop (ConsoleServer.shutdown:
// readiness 503, streams told to reconnect elsewhere, the relay lease given up, requests in flight
// finished within LECTERN_SHUTDOWN_GRACE_S), then the embedded sandbox, then exit.
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    // Whatever hangs past the grace and a margin must not keep a stopped console alive.
    setTimeout(() => process.exit(1), config.shutdownGraceMs + 5000).unref();
    void (async () => {
      await server.shutdown();
      await embedded?.close();
      process.exit(0);
    })();
  });
