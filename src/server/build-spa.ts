// `npm start` builds the SPA when dist/console/index.html is missing or older than its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SOURCES = [
  'src/console',
  'src/contract',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function spaIsStale(distDir: string): boolean {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(ROOT, source)) > built);
}

export async function ensureSpaBuilt(
  distDir: string,
  report: (line: string) => void,
): Promise<void> {
  if (!spaIsStale(distDir)) return;
  report('Building the console SPA (dist/console is missing or older than its sources)...');
  const { build } = await import('vite');
  await build({ root: ROOT, configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
  report('Console SPA built.');
}
