// The console server's landing preloads held to the console they serve (src/server/plugins/route-preloads.ts):
// each route file's address as the server derives it is the router's (route-tree.gen.ts), the routes and
// modules its tables name exist (a renamed route fails here, not silently in a slower page), its read
// URLs are the ones the console's landing modules fetch, and the build's manifest gives every landing
// route its chunks.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  landingReadUrls,
  landingRoutes,
  matchLandingRoute,
  NAMED_LANDING_IMPORTS,
  NAMED_ROUTE_IDS,
  routePath,
  type BuildManifest,
  type LandingRoute,
} from '../../src/server/plugins/route-preloads.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const ROUTES_DIR = join(ROOT, 'src', 'console', 'routes');
const routeFiles = readdirSync(ROUTES_DIR)
  .filter((name) => name.endsWith('.tsx'))
  .map((name) => name.slice(0, -'.tsx'.length));

/** fullPath -> route file, from the router's generated tree. */
function routerPaths(): Map<string, string> {
  const tree = readFileSync(join(ROOT, 'src', 'console', 'route-tree.gen.ts'), 'utf8');
  const fileOf = new Map(
    [...tree.matchAll(/import \{ Route as (\w+)RouteImport \} from '\.\/routes\/([^']+)'/g)].map(
      ([, name, file]) => [`${name}Route`, file!],
    ),
  );
  const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(tree)![1]!;
  return new Map(
    [...block.matchAll(/'([^']+)': typeof (\w+);/g)].map(([, path, name]) => [
      path!,
      fileOf.get(name!)!,
    ]),
  );
}

const route = (id: string): LandingRoute => ({
  id,
  path: routePath(id),
  signedIn: id.startsWith('_authed.'),
  scripts: [],
  styles: [],
});

describe('the landing preloads', () => {
  it("derives each route file's address as the router does", () => {
    const paths = routerPaths();
    expect(paths.size).toBeGreaterThan(15);
    for (const [fullPath, file] of paths)
      expect(routePath(file), file).toBe(fullPath.length > 1 ? fullPath.replace(/\/$/, '') : '/');
  });

  it('names only routes and modules that exist', () => {
    expect(NAMED_ROUTE_IDS.length).toBeGreaterThan(0);
    for (const id of NAMED_ROUTE_IDS) expect(routeFiles, id).toContain(id);
    for (const module of NAMED_LANDING_IMPORTS)
      expect(existsSync(join(ROOT, module)), module).toBe(true);
  });

  it('matches a static segment before a parameter, as the router does', () => {
    const routes = [
      '_authed.editor.$courseId',
      '_authed.editor.new',
      '_authed.index',
      'sign-in',
    ].map(route);
    expect(matchLandingRoute(routes, '/editor/new')?.route.id).toBe('_authed.editor.new');
    expect(matchLandingRoute(routes, '/editor/c%2F1')).toEqual({
      route: routes[0],
      params: { courseId: 'c/1' },
    });
    expect(matchLandingRoute(routes, '/')?.route.id).toBe('_authed.index');
    expect(matchLandingRoute(routes, '/sign-in/')?.route.id).toBe('sign-in');
    expect(matchLandingRoute(routes, '/editor')).toBeUndefined();
    expect(matchLandingRoute(routes, '/editor/%E0%A4%A')).toBeUndefined();
  });

  // The builders are the console's own (#contract/console/landing-urls.ts, held to the API clients in
  // learner-landing.test.ts and editor-landing.test.ts); here, what the address gives them.
  it("preloads the reads the console's landing modules fetch, filtered as the address says", () => {
    const editor = { route: route('_authed.editor.$courseId'), params: { courseId: 'c 1/é?' } };
    expect(landingReadUrls(editor, new URLSearchParams('restore=3'))).toEqual([
      '/api/v2/courses/c%201%2F%C3%A9%3F/structure',
    ]);
    const learner = { route: route('_authed.learners.$learnerId'), params: { learnerId: 'l&1' } };
    const latest = [
      '/api/events?learnerId=l%261&kind=quizAttempt&limit=5',
      '/api/events?learnerId=l%261&kind=assignmentSubmission&limit=5',
    ];
    expect(landingReadUrls(learner, new URLSearchParams(''))).toEqual([
      '/api/learners/l%261',
      '/api/events?learnerId=l%261&limit=50',
      ...latest,
    ]);
    expect(
      landingReadUrls(
        learner,
        new URLSearchParams('kinds=quizAttempt,courseEnrollment&from=2026-01-01T00:00:00.000Z'),
      ),
    ).toEqual([
      '/api/learners/l%261',
      '/api/events?learnerId=l%261&kind=quizAttempt%2CcourseEnrollment&from=2026-01-01T00%3A00%3A00.000Z&limit=50',
      ...latest,
    ]);
    // Only the timeline's own filters: the monitor's free text is not one of them.
    expect(landingReadUrls(learner, new URLSearchParams('to=x&q=y'))).toEqual([
      '/api/learners/l%261',
      '/api/events?learnerId=l%261&to=x&limit=50',
      ...latest,
    ]);
    expect(
      landingReadUrls({ route: route('_authed.users'), params: {} }, new URLSearchParams()),
    ).toEqual([]);
  });

  it('gives every landing route of the build its chunks (npm test builds the console first)', () => {
    const manifestPath = join(ROOT, 'dist', 'console', '.vite', 'manifest.json');
    expect(existsSync(manifestPath), `${manifestPath}: run \`npx vite build\` first`).toBe(true);
    const routes = landingRoutes(JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest);
    // Every page route with code of its own to load (`/` only redirects: nothing to preload).
    const leaves = routeFiles.filter(
      (id) =>
        id !== '__root' &&
        id !== '_authed' &&
        /\b(component|loader|pendingComponent)\s*:/.test(
          readFileSync(join(ROUTES_DIR, `${id}.tsx`), 'utf8'),
        ),
    );
    expect(leaves).not.toContain('_authed.index');
    expect(routes.map(({ id }) => id).sort()).toEqual(leaves.sort());
    for (const { id, scripts } of routes) expect(scripts.length, id).toBeGreaterThan(0);
    const editor = routes.find(({ id }) => id === '_authed.editor.$courseId')!;
    expect(editor.scripts.some((file) => /^\/assets\/_authed\.editor\._courseId-/.test(file))).toBe(
      true,
    );
    expect(editor.scripts.some((file) => /^\/assets\/load-editor-/.test(file))).toBe(true);
  });
});
