import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { precompress } from './scripts/precompress.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Source patches that let dependencies run under the console's CSP (no inline style, no eval). */
const CSP_PATCHES: { file: RegExp; find: string; replace: string; why: string }[] = [
  {
    // sonner appends a <style> element at import time; its CSS is bundled through styles.css instead.
    file: /[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/,
    find: 'function __insertCSS(code) {',
    replace: 'function __insertCSS(code) { return;',
    why: 'sonner: __insertCSS',
  },
  {
    // zod probes `new Function` for its JIT when a schema is built; under `script-src 'self'` the
    // probe is refused and reported as a CSP violation. Start zod in jitless mode instead.
    file: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/,
    find: '(_a.__zod_globalConfig = {})',
    replace: '(_a.__zod_globalConfig = { jitless: true })',
    why: 'zod: __zod_globalConfig',
  },
];

/** Modules with nothing to run on import, so bundles may drop them when no export is used. */
const SIDE_EFFECT_FREE =
  /[\\/](src[\\/]contract[\\/]xliff\.ts|node_modules[\\/](fast-xml-parser|is-unsafe|path-expression-matcher|@nodable[\\/]entities|strnum|anynum|xml-naming)[\\/])/;

function cspCompatibleDependencies(): Plugin {
  return {
    name: 'lectern:csp-compatible-dependencies',
    enforce: 'pre',
    transform(code, id) {
      const patch = CSP_PATCHES.find(({ file }) => file.test(id));
      if (!patch) return null;
      const patched = code.replace(patch.find, patch.replace);
      if (patched === code)
        throw new Error(`Dependency changed, CSP patch not applied: ${patch.why}`);
      return { code: patched, map: null };
    },
  };
}

/**
 * `<link rel="modulepreload">` in index.html for what the session check loads when it first runs (the
 * session's endpoints and zod, which parses the answer: lib/session.ts). They are not part of the
 * shell, which starts without them, but every first page waits for the session: fetched beside the shell
 * instead of after it has run.
 */
function preloadSessionCheck(): Plugin {
  const SESSION = /[\\/]src[\\/]contract[\\/]console[\\/]session\.ts$/;
  return {
    name: 'lectern:preload-session-check',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const session = chunks.find((file) => file.moduleIds.some((id) => SESSION.test(id)));
        if (!session)
          throw new Error('preload-session-check: no chunk for contract/console/session.ts');
        const byName = new Map(chunks.map((file) => [file.fileName, file]));
        const shell = new Set<string>();
        const closure = (name: string, into: Set<string>) => {
          if (into.has(name)) return;
          into.add(name);
          for (const child of byName.get(name)?.imports ?? []) closure(child, into);
        };
        closure(entry.fileName, shell);
        const wanted = new Set<string>();
        closure(session.fileName, wanted);
        const links = [...wanted]
          .filter((name) => !shell.has(name))
          .map((name) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${name}` },
            injectTo: 'head' as const,
          }));
        return { html, tags: links };
      },
    },
  };
}

/** `[\\/]`: a path separator in a module id, on any platform. */
const SEP = String.raw`[\\/]`;

/**
 * Fewer, larger chunks for what first pages share (docs/decisions/loading-strategy.md, "Fewer files").
 * Left alone, rolldown gave each set of modules shared by a different set of routes its own chunk: a
 * first page fetched 27 to 78 script files, most under 1 KB, over six connections. Each group is code
 * that the pages which load it need before their first content anyway, so none fetches more than before.
 */
const CHUNK_GROUPS = [
  // The shell: the entry and everything it imports statically, which every page runs first.
  { name: 'shell', tags: ['$initial' as const], priority: 30 },
  // What every first page needs next, signed in or not: the session check (lib/session.ts) and
  // what parses its answer, and TanStack Query's hooks and observers.
  {
    name: 'first-load',
    test: new RegExp(
      // Not useQueries, useMutation and their observers: a few pages use them (no first page needs
      // them, sign-in included), which load them with their own chunks.
      `${SEP}node_modules${SEP}(zod|@tanstack${SEP}(react-query|query-core))${SEP}` +
        `(?!.*${SEP}(useQueries|queriesObserver|useMutation|mutationObserver)\\.js$)` +
        `|${SEP}src${SEP}contract${SEP}(zod|console${SEP}(session|access))\\.ts$` +
        `|${SEP}src${SEP}console${SEP}lib${SEP}(use-page-title|role-labels)\\.ts$`,
    ),
    priority: 20,
  },
  // Small modules every signed-in page imports (a catalog item's kind and status in words, the jobs
  // store, formats, the contract's value lists), one file instead of eight. Not idb: the jobs store
  // imports it when it opens its database. Not the other labels (`lib/labels/`): each page loads the
  // ones it shows.
  {
    name: 'signed-in',
    test: new RegExp(
      `${SEP}src${SEP}console${SEP}lib${SEP}(labels${SEP}catalog|jobs-store|use-media-query|page-of|format|once)\\.ts$` +
        `|${SEP}src${SEP}contract${SEP}(enums|enum-lists|limits)\\.ts$` +
        // The signed-in layout (its route's component, the header and its navigation): one file less.
        `|${SEP}src${SEP}console${SEP}routes${SEP}(_authed\\.tsx\\?tsr-split=component|-components${SEP}(app-shell\\.tsx|nav-entries\\.ts))$`,
    ),
    priority: 10,
  },
  // The words of a course's contents (topic types, completion criteria, field names, a field's
  // choices): the pages that show them before their heading (the course editor, a course group's
  // page, the reviews and the audit log) need most of them, one file instead of four.
  {
    name: 'course-labels',
    test: new RegExp(
      `${SEP}src${SEP}console${SEP}lib${SEP}labels${SEP}(topics|criteria|fields|options)\\.ts$`,
    ),
    priority: 5,
  },
  // Radix's layers, positioning and focus code that the course editor's tooltips need in its first
  // render, and that the menus and dialogs share once loaded after the first content: one file.
  {
    name: 'radix-base',
    test: new RegExp(
      `${SEP}node_modules${SEP}(@floating-ui${SEP}|@radix-ui${SEP}(rect|primitive)${SEP}|@radix-ui${SEP}react-` +
        `(popper|arrow|use-[a-z-]+|dismissable-layer|portal|presence|primitive|slot|compose-refs|` +
        `context|id|visually-hidden|collection|roving-focus|direction|focus-scope)${SEP})`,
    ),
    priority: 4,
  },
  // Radix's menu and what its focus lock and scroll lock add (loaded after the first content, with
  // the menus and dialogs): one file, so that a late part's list of files names two, not three.
  {
    name: 'radix-menu',
    test: new RegExp(
      `${SEP}node_modules${SEP}(@radix-ui${SEP}react-(dropdown-menu|menu|focus-guards)|react-remove-scroll[a-z-]*|` +
        `aria-hidden|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|detect-node-es)${SEP}`,
    ),
    priority: 4,
  },
  // An event row and what it shows (the names looked up, the summary's words): the learner page draws
  // them in its first render, the event monitor loads them after its first content. One file for both,
  // without their imports (the event schema, its pagination), which other pages load where they are.
  {
    name: 'event-row',
    test: new RegExp(
      `${SEP}src${SEP}console${SEP}features${SEP}event-monitor${SEP}(data${SEP}(names|event-summary)\\.ts|views${SEP}event-row\\.tsx)$`,
    ),
    priority: 5,
    includeDependenciesRecursively: false,
  },
];

// The console SPA. `npm run build` writes it to dist/console; in dev, /api is proxied to the
// console server (which `vite preview` inherits as well).
export default defineConfig({
  root: '.',
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: 'src/console/routes',
      generatedRouteTree: 'src/console/route-tree.gen.ts',
      autoCodeSplitting: true,
      // Loaders too: a route's loader pulls in its data layer (and the editor's, the compiler), which
      // must not weigh on the first route of every visitor.
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader'],
          ['component'],
          ['pendingComponent'],
          ['errorComponent'],
          ['notFoundComponent'],
        ],
      },
      quoteStyle: 'single',
      semicolons: true,
    }),
    react(),
    cspCompatibleDependencies(),
    preloadSessionCheck(),
    precompress(),
  ],
  resolve: {
    alias: [
      // Radix's scroll lock appends <style> elements; this shim uses constructable stylesheets.
      {
        find: /^react-style-singleton$/,
        replacement: here('src/console/lib/csp/style-singleton.ts'),
      },
    ],
  },
  build: {
    outDir: 'dist/console',
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: the console server preloads a landing route's chunks from it (spa.ts).
    manifest: true,
    // Every browser the console supports preloads modules itself; the polyfill only cost the shell
    // (0.5 KB gzip) and a scan of the document's links at start.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
      treeshake: {
        // The contract's barrel re-exports the XLIFF reader; these modules only declare things, so a
        // chunk that uses none of their exports (the compiler, the course editor) leaves them out.
        moduleSideEffects: [{ test: SIDE_EFFECT_FREE, sideEffects: false }],
      },
    },
  },
  server: {
    proxy: {
      '/api': {
        target: 'http://127.0.0.1:4400',
        changeOrigin: false,
      },
    },
  },
});
