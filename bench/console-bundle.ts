// Initial JavaScript of the built console (gzip KB): what a browser must download before the first
// route can render, for a signed-out visitor (/sign-in) and for the signed-in landing page
// (/course-groups); then every other route's own chunks, loaded only when that route is visited.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildConsole, type Manifest } from './console-build.ts';

const TARGET_KB = 200;

/** Manifest keys reachable through static imports (what loads together with `keys`). */
function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const child of manifest[key].imports ?? []) visit(child);
  };
  keys.forEach(visit);
  return seen;
}

/** The lazy chunks TanStack Router splits out of one route file (component, loader...). */
function routeChunks(manifest: Manifest, routeFile: string): string[] {
  return Object.keys(manifest).filter((key) => key.split('?')[0] === routeFile);
}

export async function run(): Promise<void> {
  const { outDir, manifest } = await buildConsole();
  const gz = new Map<string, number>();
  const sizeOf = (key: string) => {
    const file = manifest[key]!.file;
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(outDir, file))).length);
    return gz.get(file)!;
  };
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const total = (keys: Iterable<string>) => [...keys].reduce((sum, key) => sum + sizeOf(key), 0);

  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const shell = staticClosure(manifest, [entry]);
  const routes = 'src/console/routes/';
  const firstRoutes = {
    '/sign-in (signed out)': [`${routes}sign-in.tsx`],
    '/course-groups (signed in)': [
      `${routes}_authed.tsx`,
      `${routes}_authed.course-groups.index.tsx`,
    ],
  };

  console.log(`Initial JavaScript per first route (gzip; target < ${TARGET_KB} KB):`);
  for (const [label, files] of Object.entries(firstRoutes)) {
    const keys = staticClosure(manifest, [
      entry,
      ...files.flatMap((f) => routeChunks(manifest, f)),
    ]);
    const bytes = total(keys);
    const verdict = bytes / 1024 < TARGET_KB ? 'PASS' : 'FAIL';
    console.log(
      `  ${label.padEnd(28)} ${kb(bytes).padStart(7)} KB  (${keys.size} files; shell alone ${kb(total(shell))} KB)  ${verdict}`,
    );
  }

  console.log('Route chunks loaded on demand (gzip, beyond the shell):');
  const routeFiles = new Set(
    Object.keys(manifest)
      .map((key) => key.split('?')[0]!)
      .filter((file) => file.startsWith(routes) && !file.includes('/-components/')),
  );
  for (const file of [...routeFiles].sort()) {
    const keys = staticClosure(manifest, routeChunks(manifest, file));
    for (const key of shell) keys.delete(key);
    console.log(`  ${file.slice(routes.length).padEnd(40)} ${kb(total(keys)).padStart(7)} KB`);
  }
  const everything = new Set(
    Object.keys(manifest).filter((key) => manifest[key]!.file.endsWith('.js')),
  );
  console.log(`All JavaScript of the console: ${kb(total(everything))} KB gzip`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
