// `npm run openapi`: writes the OpenAPI document generated from src/contract to docs/openapi.json.
// A unit test (src/contract/openapi.test.ts) fails when the committed file is out of date.
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '#contract/index.ts';

const OPENAPI_FILE = new URL('../docs/openapi.json', import.meta.url);

writeFileSync(OPENAPI_FILE, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(`Wrote ${OPENAPI_FILE.pathname}`);
