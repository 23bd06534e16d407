// Build step: every text file of the built console gets a Brotli (.br) and a gzip (.gz) twin beside it,
// which the console server sends to browsers that accept them (src/server/plugins/spa.ts,
// `preCompressed`). Compressed once at build time, at the highest levels, instead of on every request.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Files worth compressing: text. Images other than SVG and fonts are compressed already. */
const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed twin saves less than its headers and a file read cost. */
const MIN_BYTES = 1024;
/** Vite's manifest: read by the console server at start (route preloads), never sent to a browser. */
const NOT_SERVED = /^\.vite\//;

/** Writes `<file>.br` and `<file>.gz` for each text file in `files` (paths under `dir`). */
export async function precompressFiles(dir: string, files: string[]): Promise<number> {
  const written = await Promise.all(
    files
      .filter((file) => TEXT.test(file) && !NOT_SERVED.test(file))
      .map(async (file) => {
        const path = join(dir, file);
        const raw = await readFile(path);
        if (raw.length < MIN_BYTES) return 0;
        const [br, gz] = await Promise.all([
          brotli(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          }),
          gzipped(raw, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        return 1;
      }),
  );
  return written.reduce<number>((sum, one) => sum + one, 0);
}

/** The Vite plugin: after the bundle is written, its text files get their compressed twins. */
export function precompress(): Plugin {
  return {
    name: 'lectern-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (!options.dir) return;
      await precompressFiles(options.dir, Object.keys(bundle));
    },
  };
}
