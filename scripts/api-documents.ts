// The API documents generated from src/contract, as the files they are written to: the Content API's
// OpenAPI document, the console server's, and the generated reference in docs/console-api.md (the part
// between its markers). Formatted with the project's Prettier settings, so `format:check` agrees.
// `npm run openapi` writes them; scripts/api-documents.test.ts fails when a committed one is stale.
import { readFile } from 'node:fs/promises';
import { format, resolveConfig } from 'prettier';
// First: the Content API's schemas register in their own order (its document lists them in that
// order), whatever console area also uses some of them.
import { buildOpenApiDocument } from '#contract/index.ts';
import {
  buildConsoleOpenApiDocument,
  renderConsoleApiReference,
  withGeneratedReference,
} from '#contract/console/document.ts';

export interface GeneratedDocument {
  /** Repository-relative path. */
  path: string;
  text: string;
}

const fileOf = (path: string) => new URL(`../${path}`, import.meta.url);

async function formatted(path: string, text: string): Promise<string> {
  const options = await resolveConfig(fileOf(path));
  return format(text, { ...options, filepath: fileOf(path).pathname });
}

export async function generatedDocuments(): Promise<GeneratedDocument[]> {
  const consoleApi = await readFile(fileOf('docs/console-api.md'), 'utf8');
  const documents = [
    { path: 'docs/openapi.json', text: JSON.stringify(buildOpenApiDocument(), null, 2) },
    {
      path: 'docs/console-openapi.json',
      text: JSON.stringify(buildConsoleOpenApiDocument(), null, 2),
    },
    {
      path: 'docs/console-api.md',
      text: withGeneratedReference(consoleApi, renderConsoleApiReference()),
    },
  ];
  return Promise.all(
    documents.map(async ({ path, text }) => ({ path, text: await formatted(path, text) })),
  );
}

export const committedText = (path: string): Promise<string> => readFile(fileOf(path), 'utf8');
