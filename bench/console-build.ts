// Builds the console into a temporary directory (never dist/console, which a running server may be
// serving) and reads Vite's manifest. Shared by the console benchmarks; built once per process.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface ConsoleBuild {
  outDir: string;
  manifest: Manifest;
}

let pending: Promise<ConsoleBuild> | undefined;

export function buildConsole(): Promise<ConsoleBuild> {
  pending ??= (async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'lectern-console-bench-'));
    const { build } = await import('vite');
    await build({
      root: ROOT,
      configFile: join(ROOT, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, manifest: 'manifest.json' },
    });
    const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as Manifest;
    return { outDir, manifest };
  })();
  return pending;
}
