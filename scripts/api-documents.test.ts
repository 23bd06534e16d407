// The committed API documents are the ones the contract generates: change a schema or an endpoint in
// src/contract, run `npm run openapi`, and commit what it writes.
import { describe, expect, it } from 'vitest';
import { committedText, generatedDocuments } from './api-documents.ts';

describe('generated API documents', () => {
  it.each(['docs/openapi.json', 'docs/console-openapi.json', 'docs/console-api.md'])(
    '%s is up to date (run `npm run openapi` after changing src/contract)',
    async (path) => {
      const generated = (await generatedDocuments()).find((document) => document.path === path);
      expect(await committedText(path)).toBe(generated?.text);
    },
  );
});
