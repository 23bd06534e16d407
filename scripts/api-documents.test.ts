// The committed API documents are the ones the contract generates: change a schema or an endpoint in
// src/contract, run `npm run openapi`, and commit what it writes.
import { beforeAll, describe, expect, it } from 'vitest';
import { committedText, generatedDocuments, type GeneratedDocument } from './api-documents.ts';

describe('generated API documents', () => {
  // Generated once for the three checks: each generation builds every document (and runs Prettier on
  // them), which made this file cost three times what it needs to.
  let generated: GeneratedDocument[];
  beforeAll(async () => {
    generated = await generatedDocuments();
  }, 30_000);

  it.each(['docs/openapi.json', 'docs/console-openapi.json', 'docs/console-api.md'])(
    '%s is up to date (run `npm run openapi` after changing src/contract)',
    async (path) => {
      const document = generated.find((candidate) => candidate.path === path);
      expect(await committedText(path)).toBe(document?.text);
    },
  );
});
