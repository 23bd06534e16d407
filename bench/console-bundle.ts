// The console's JavaScript (gzip KB), measured two ways in one run:
// 1. From the build's manifest: the shell, which every first page needs (the entry and its static
//    imports; target <= 120 KB), and the course editor's own chunks, beyond the shell and the
//    signed-in layout that every signed-in page loads anyway (target <= 100 KB).
// 2. In Chromium, every route a user can land on, opened cold (a fresh browser context, so nothing
//    cached) by the user it is for, against a real console server and sandbox (demo seed): the gzip
//    size of every JavaScript file the browser had fetched (responseEnd) when the page's first
//    heading became visible (the course editor's: its outline's first row), whatever asked for it
//    (the shell, modulepreload, route chunks, lazy parts fetched just after the first render). Target
//    <= 150 KB for each.
// LECTERN_BENCH_FILES=1 lists each route's files, largest first.
// Reference, same run: the framework floor, React, React DOM, TanStack Router and TanStack Query
// imported eagerly and built alone, what any console on this stack downloads before its own code.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright';
import { MonitorEnv, STAFF } from '../e2e/event-monitor/harness.ts';
import { demoLearner } from '../test/helpers/demo-accounts.ts';
import { buildConsole, ROOT, type Manifest } from './console-build.ts';
import { launchBenchBrowser } from './editor-page.ts';
import { landingIndex } from '../src/server/plugins/spa.ts';
import { serveStatic } from './editor-serve.ts';
import { machine, verdict } from './verdict.ts';

const SHELL_KB = 120;
const FIRST_ROUTE_KB = 150;
const EDITOR_KB = 100;
/**
 * Ports of the sandbox, the console server and the build's server (this bench's range, moved with
 * LECTERN_BENCH_PORT so two checkouts can measure at once). Not 5060 or 5061: fetch and Chromium
 * refuse those (SIP, on the Fetch standard's list of bad ports).
 */
const PORT_BASE = Number(process.env.LECTERN_BENCH_PORT ?? 5070);
const PORTS = { sandbox: PORT_BASE, console: PORT_BASE + 1, build: PORT_BASE + 2 };

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

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

/** The chunks TanStack Router splits out of one route file (component, loader...). */
const routeChunks = (manifest: Manifest, routeFile: string) =>
  Object.keys(manifest).filter((key) => key.split('?')[0] === routeFile);

/** gzip size of React, React DOM, TanStack Router and Query, built alone. */
async function frameworkFloor(): Promise<number> {
  // Inside the repository, so that the packages resolve from its node_modules.
  mkdirSync(join(ROOT, 'node_modules/.cache'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, 'node_modules/.cache/lectern-floor-'));
  try {
    const entry = join(dir, 'floor.ts');
    writeFileSync(
      entry,
      `import { createRoot } from 'react-dom/client';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
Object.assign(window, { floor: [createRoot, createRouter, RouterProvider, QueryClient, QueryClientProvider, useQuery] });`,
    );
    const { build } = await import('vite');
    const output = await build({
      root: ROOT,
      configFile: false,
      logLevel: 'silent',
      build: { write: false, rollupOptions: { input: entry }, modulePreload: false },
    });
    const outputs = (Array.isArray(output) ? output : [output]) as {
      output: { type: string; code?: string }[];
    }[];
    return outputs
      .flatMap(({ output: files }) => files)
      .filter((file) => file.type === 'chunk')
      .reduce((sum, file) => sum + gzipSync(file.code!).length, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function manifestFigures(outDir: string, manifest: Manifest, sizeOf: (file: string) => number) {
  const total = (keys: Iterable<string>) =>
    [...keys].reduce((sum, key) => sum + sizeOf(manifest[key]!.file), 0);
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const shell = staticClosure(manifest, [entry]);
  const routes = 'src/console/routes/';
  // The layout's late parts (its header's tools and menus, the toasts) load on every signed-in page too,
  // just after its first content.
  const layout = staticClosure(manifest, [
    ...routeChunks(manifest, `${routes}_authed.tsx`),
    `${routes}-components/late-header-parts.tsx`,
    'src/console/components/ui/toaster.tsx',
  ]);
  const editor = staticClosure(
    manifest,
    routeChunks(manifest, `${routes}_authed.editor.$courseId.tsx`),
  );
  const beyondShell = [...editor].filter((key) => !shell.has(key));
  const own = beyondShell.filter((key) => !layout.has(key));
  void outDir;
  return {
    shell: total(shell),
    editorBeyondShell: total(beyondShell),
    editorOwn: total(own),
    everything: total(Object.keys(manifest).filter((key) => manifest[key]!.file.endsWith('.js'))),
  };
}

// In-page code as a string: tsx would otherwise wrap named functions in a helper the page lacks.
// `ready`: what must be visible as well as the first heading (the editor's outline row).
const watchHeading = (ready: string | undefined) => `(() => {
  const ready = ${JSON.stringify(ready ?? null)};
  window.__firstHeading = new Promise((resolve) => {
    const seen = () => {
      const heading = [...document.querySelectorAll('h1')].find((h) => h.checkVisibility());
      if (!heading) return false;
      if (ready && ![...document.querySelectorAll(ready)].some((e) => e.checkVisibility())) return false;
      const at = performance.now();
      const scripts = performance.getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js') && entry.responseEnd <= at)
        .map((entry) => new URL(entry.name).pathname);
      resolve({ at, heading: heading.textContent.trim(), scripts });
      return true;
    };
    new MutationObserver((_, observer) => {
      if (seen()) observer.disconnect();
    }).observe(document, { childList: true, subtree: true, attributes: true });
  });
})()`;

interface Landing {
  path: string;
  /** Who lands there: a staff account, a learner the console gives no role, or nobody. */
  as: 'admin' | 'no role' | 'signed out';
  /** Visible as well as the heading before the route counts as shown. */
  ready?: string;
  /** What `ready` is, in the verdict's name (default: the editor's outline). */
  readyLabel?: string;
}

/** The learner page counts as shown once its summary is (its timeline's rows come in the same render). */
const LEARNER_SUMMARY = '[data-testid="learner-span"]';

/** The course editor counts as shown once its outline's first row is. */
const OUTLINE_ROW = '[data-testid^="row-"]';

async function firstRouteFigures(
  browser: Browser,
  env: MonitorEnv,
  origin: string,
  sizeOf: (file: string) => number,
  reference: string,
) {
  const cookies = {
    admin: await env.signIn(STAFF.admin),
    'no role': await env.signIn(demoLearner(1)),
  };
  const get = async (path: string) => {
    const response = await fetch(`${env.url}${path}`, { headers: { cookie: cookies.admin } });
    return (await response.json()) as Record<string, { id: string; email?: string }[]>;
  };
  const group = (await get('/api/v2/courseGroups?perPage=1')).courseGroups![0]!;
  const course = (await get(`/api/v2/courseGroups/${group.id}/courses`)).courses![0]!;
  const learnerEmail = demoLearner(1).email;
  const learner = (await get('/api/v2/users?perPage=100')).users!.find(
    (user) => user.email === learnerEmail,
  )!;
  const landings: Landing[] = [
    { path: '/sign-in', as: 'signed out' },
    { path: '/no-access', as: 'no role' },
    { path: `/editor/${course.id}`, as: 'admin', ready: OUTLINE_ROW },
    { path: '/editor/new', as: 'admin', ready: '#outline-title' },
    // A learner landing route: its reads leave with the shell (learner-landing.ts).
    {
      path: `/learners/${learner.id}`,
      as: 'admin',
      ready: LEARNER_SUMMARY,
      readyLabel: 'its summary',
    },
    ...[
      '/',
      '/course-groups',
      `/course-groups/${group.id}`,
      `/content/courses/${course.id}`,
      '/events',
      '/imports',
      '/learning-paths',
      '/prices',
      '/search',
      `/translations/courses/${course.id}`,
      '/users',
      '/admin/audit',
      '/admin/roles',
      '/certificate-templates',
      '/completion-criteria',
      '/alerts',
      '/reviews',
      '/schedules',
    ].map((path): Landing => ({ path, as: 'admin' })),
  ];
  console.log(
    `JavaScript fetched by the time the first heading shows, cold cache (gzip; target <= ${FIRST_ROUTE_KB} KB):`,
  );
  for (const landing of landings) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      if (landing.as !== 'signed out') {
        const [name, value] = cookies[landing.as].split('=') as [string, string];
        await context.addCookies([{ name, value, domain: '127.0.0.1', path: '/' }]);
      }
      const page = await context.newPage();
      await page.addInitScript(watchHeading(landing.ready));
      await page.goto(`${origin}${landing.path}`);
      const shown = (await page.evaluate(
        `Promise.race([window.__firstHeading, new Promise((_, fail) => setTimeout(() => fail(new Error('${landing.path} did not show within 30 s')), 30000))])`,
      )) as {
        at: number;
        heading: string;
        scripts: string[];
      };
      const bytes = [...new Set(shown.scripts)].reduce((sum, path) => sum + sizeOf(path), 0);
      if (process.env.LECTERN_BENCH_FILES)
        for (const path of [...new Set(shown.scripts)].sort((a, b) => sizeOf(b) - sizeOf(a)))
          console.log(`      ${kb(sizeOf(path)).padStart(6)} KB ${path}`);
      verdict(
        `${landing.path.replace(/[0-9a-f-]{20,}/g, ':id')} (${landing.as}${landing.ready ? `, until ${landing.readyLabel ?? 'its outline'} shows` : ''})`,
        bytes / 1024 <= FIRST_ROUTE_KB,
        `${kb(bytes)} KB in ${shown.scripts.length} files, “${shown.heading.slice(0, 40)}” at ${shown.at.toFixed(0)} ms`,
        `<= ${FIRST_ROUTE_KB} KB`,
        reference,
      );
    } finally {
      await context.close();
    }
  }
}

export async function run(): Promise<void> {
  const { outDir, manifest } = await buildConsole();
  const gz = new Map<string, number>();
  const sizeOf = (file: string) => {
    const path = file.replace(/^\//, '');
    if (!gz.has(path)) gz.set(path, gzipSync(readFileSync(join(outDir, path))).length);
    return gz.get(path)!;
  };
  console.log(`Machine: ${machine()}`);
  const floor = await frameworkFloor();
  const reference = `framework floor ${kb(floor)} KB`;
  const figures = manifestFigures(outDir, manifest, sizeOf);
  verdict(
    'Shell (entry and its static imports)',
    figures.shell / 1024 <= SHELL_KB,
    `${kb(figures.shell)} KB`,
    `<= ${SHELL_KB} KB`,
    reference,
  );
  verdict(
    "Course editor's own chunks (beyond the shell and the signed-in layout)",
    figures.editorOwn / 1024 <= EDITOR_KB,
    `${kb(figures.editorOwn)} KB (${kb(figures.editorBeyondShell)} KB beyond the shell alone)`,
    `<= ${EDITOR_KB} KB`,
    reference,
  );
  console.log(`All JavaScript of the console: ${kb(figures.everything)} KB gzip`);

  const env = new MonitorEnv();
  try {
    await env.start({ sandbox: PORTS.sandbox, console: PORTS.console });
  } catch (error) {
    await env.close();
    throw error;
  }
  // index.html as the console server writes it, with the landing route's preloads (spa.ts);
  // LECTERN_BENCH_PRELOADS=off serves the built file as it is.
  const index = landingIndex(outDir, 'manifest.json');
  const server = await serveStatic(
    outDir,
    env.url,
    PORTS.build,
    process.env.LECTERN_BENCH_PRELOADS === 'off'
      ? undefined
      : (pathname, query, signedIn) => index(pathname, query, signedIn, undefined),
  );
  const browser = await launchBenchBrowser();
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await firstRouteFigures(browser, env, origin, sizeOf, reference);
  } finally {
    await browser.close();
    server.close();
    await env.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
