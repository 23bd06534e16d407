// Vitest global setup: the cluster tests' console server process (test/server/helpers/cluster-node.ts),
// bundled once per run into one JavaScript file, its packages left to node_modules. Each test file
// starts these processes by the dozen in all (cluster, shutdown, crash and upload tests); under
// `node --import tsx` each start resolved and transformed every module of src/server again, some
// 3 s of CPU at load 21 to 24 against 1.2 s for the bundle. The path reaches startNode through
// LECTERN_TEST_CLUSTER_NODE (set before the workers start, which inherit it); without it, as in the
// benches, startNode runs the TypeScript through tsx.
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const ENTRY = 'test/server/helpers/cluster-node.ts';
const FILE = 'cluster-node.mjs';

export default async function setup(): Promise<() => void> {
  // Inside node_modules so that the bundle's own imports (fastify, pg...) resolve from it.
  const outDir = mkdtempSync(join(ROOT, 'node_modules', '.lectern-cluster-node-'));
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    publicDir: false,
    build: {
      ssr: ENTRY,
      outDir,
      emptyOutDir: false,
      minify: false,
      target: 'node20',
      rollupOptions: { output: { format: 'es', entryFileNames: FILE, codeSplitting: false } },
    },
  });
  process.env.LECTERN_TEST_CLUSTER_NODE = join(outDir, FILE);
  return () => {
    delete process.env.LECTERN_TEST_CLUSTER_NODE;
    rmSync(outDir, { recursive: true, force: true });
  };
}
