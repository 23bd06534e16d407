// `npm run openapi`: writes the API documents generated from src/contract (scripts/api-documents.ts):
// docs/openapi.json (the Content API), docs/console-openapi.json and the reference part of
// docs/console-api.md (the console server's own API). A unit test (scripts/api-documents.test.ts)
// fails when a committed document is out of date.
import { writeFile } from 'node:fs/promises';
import { generatedDocuments } from './api-documents.ts';

for (const { path, text } of await generatedDocuments()) {
  await writeFile(new URL(`../${path}`, import.meta.url), text);
  console.log(`Wrote ${path}`);
}
