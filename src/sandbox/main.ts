// `npm run sandbox`: the reference Content API on SQLite.
import { buildSandbox } from './app.ts';
import { readSandboxConfig } from './config.ts';

const config = readSandboxConfig();
const sandbox = await buildSandbox(config);
const url = await sandbox.listen();
const keySource = config.apiKey ? 'from SANDBOX_API_KEY' : 'generated and stored in the database';
console.log(`Sandbox Content API listening on ${url}/incoming/v2`);
console.log(`Company secret key (${keySource}): ${sandbox.company.secretKey}`);
console.log(`OpenAPI document: ${url}/incoming/v2/openapi.json`);

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void sandbox.close().then(() => process.exit(0)));
