// What index.html asks for beside the shell, per landing route (docs/decisions/loading-strategy.md, "The
// server's preloads"): the route's chunks, which the router would otherwise discover only once the
// shell has run, and the same-origin reads the route sends first whose URLs follow from the address.
// The routes come from Vite's build manifest: every file of src/console/routes that the shell imports
// lazily, its address derived from the file name as TanStack Router's flat routes name it
// (`_authed.editor.$courseId.tsx`: the pathless `_authed` layout, then `/editor/$courseId`).
import { editorLandingUrls, learnerLandingUrls } from '#contract/console/landing-urls.ts';

/** One chunk of Vite's `.vite/manifest.json` (the fields read here). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

const ROUTE_SPLIT = /^src\/console\/routes\/([^/?]+)\.tsx\?tsr-split=(.+)$/;
/**
 * The splits the router loads before a page's first content: the loader (run once the session is
 * known), the component and the pending component (`loadRouteChunk`). Not the error and not-found
 * components: they load only when needed.
 */
const FIRST_SPLITS = new Set(['loader', 'component', 'pendingComponent']);

/**
 * Modules a route's landing data imports as it starts (`staticData.landingData`, in the shell), by
 * their source path: the editor's reads are turned into its opening state by `load-editor.ts`, which
 * the shell imports lazily on landing, beside the reads.
 */
const LANDING_IMPORTS: Record<string, string[]> = {
  '_authed.editor.$courseId': ['src/console/features/course-editor/persistence/load-editor.ts'],
};

/**
 * The reads a route sends first, as its `landingData` sends them (the same builders, so the browser
 * hands the preloaded answer to that fetch): the editor's structure (the group's reads need its answer,
 * so they are not named here) and the learner page's four reads, its timeline filtered as the address
 * says.
 */
const LANDING_READS: Record<
  string,
  (params: Record<string, string>, search: URLSearchParams) => string[]
> = {
  '_authed.editor.$courseId': ({ courseId }) => [editorLandingUrls.structure(courseId!)],
  '_authed.learners.$learnerId': ({ learnerId }, search) => {
    const filter = (key: string) => search.get(key) ?? undefined;
    const urls = learnerLandingUrls(learnerId!, {
      kinds: filter('kinds'),
      from: filter('from'),
      to: filter('to'),
    });
    return [urls.summary, urls.timeline, urls.latest.quizAttempt, urls.latest.assignmentSubmission];
  },
};

/** A route a page can land on, with what its first load fetches. */
export interface LandingRoute {
  /** The route file's name without `.tsx`. */
  id: string;
  /** Its address as a pattern: `/editor/$courseId`, `/` for the index. */
  path: string;
  /** Only for a signed-in visitor (under the `_authed` layout): anyone else is sent to sign in. */
  signedIn: boolean;
  /** Script files (`/assets/…`) the router loads for it and its layouts, the shell's left out. */
  scripts: string[];
  styles: string[];
}

export interface RouteMatch {
  route: LandingRoute;
  params: Record<string, string>;
}

/** `_authed.editor.$courseId` -> `/editor/$courseId`; `_authed.index` -> `/`; pathless parts dropped. */
export function routePath(id: string): string {
  const parts = id.split('.');
  const segments = parts.filter((part, index) => {
    if (part.startsWith('_')) return false;
    return !(part === 'index' && index === parts.length - 1);
  });
  return `/${segments.join('/')}`;
}

/** The layouts of a route file, outermost first: the prefixes of its name that are routes too. */
function layoutsOf(id: string, ids: Set<string>): string[] {
  const parts = id.split('.');
  return parts
    .slice(1)
    .map((_, index) => parts.slice(0, index + 1).join('.'))
    .filter((prefix) => ids.has(prefix));
}

/** The landing routes of a build, with their preloads, from its manifest. */
export function landingRoutes(manifest: BuildManifest): LandingRoute[] {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) return [];
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const child of manifest[key].imports ?? []) closure(child, into);
  };
  const shell = new Set<string>();
  closure(keyOf.get(entry.file)!, shell);

  const splits = new Map<string, string[]>();
  for (const key of entry.dynamicImports ?? []) {
    const found = ROUTE_SPLIT.exec(key);
    if (!found) continue;
    const [, id, kinds] = found as unknown as [string, string, string];
    const list = splits.get(id) ?? [];
    // A split's chunk may hold several parts (`component---pendingComponent`).
    if (kinds.split('---').some((kind) => FIRST_SPLITS.has(kind))) list.push(key);
    splits.set(id, list);
  }
  const ids = new Set(splits.keys());
  const withChildren = new Set([...ids].flatMap((id) => layoutsOf(id, ids)));
  return [...ids]
    .filter((id) => !withChildren.has(id) && id !== '__root')
    .map((id) => {
      const keys = new Set<string>();
      for (const part of ['__root', ...layoutsOf(id, ids), id])
        for (const key of [...(splits.get(part) ?? []), ...(LANDING_IMPORTS[part] ?? [])])
          closure(key, keys);
      const own = [...keys].filter((key) => !shell.has(key)).map((key) => manifest[key]!);
      return {
        id,
        path: routePath(id),
        signedIn: id.startsWith('_authed.'),
        scripts: own.map((chunk) => `/${chunk.file}`),
        styles: [...new Set(own.flatMap((chunk) => chunk.css ?? []))].map((file) => `/${file}`),
      };
    });
}

/** Per segment: a static name beats a parameter (`/editor/new` over `/editor/$courseId`). */
function rank(route: LandingRoute): number[] {
  return route.path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith('$') ? 1 : 2));
}

/** The route `pathname` lands on, as the router would match it; undefined when none does. */
export function matchLandingRoute(
  routes: readonly LandingRoute[],
  pathname: string,
): RouteMatch | undefined {
  let segments: string[];
  try {
    segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined; // Not a valid address: the router shows its not-found page.
  }
  const matches: RouteMatch[] = [];
  for (const route of routes) {
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = pattern.every((part, index) => {
      if (part.startsWith('$')) {
        params[part.slice(1)] = segments[index]!;
        return true;
      }
      return part === segments[index];
    });
    if (fits) matches.push({ route, params });
  }
  return matches.sort((a, b) => {
    const [left, right] = [rank(a.route), rank(b.route)];
    const differs = left.findIndex((value, index) => value !== right[index]);
    return differs < 0 ? 0 : right[differs]! - left[differs]!;
  })[0];
}

/** The reads a route sends first, for a visitor with a session (none for other routes). */
export function landingReadUrls(match: RouteMatch, search: URLSearchParams): string[] {
  return LANDING_READS[match.route.id]?.(match.params, search) ?? [];
}

/** What the tables above name, for the test that holds them to the console's routes and modules. */
export const NAMED_ROUTE_IDS = [
  ...new Set([...Object.keys(LANDING_READS), ...Object.keys(LANDING_IMPORTS)]),
];
export const NAMED_LANDING_IMPORTS = Object.values(LANDING_IMPORTS).flat();

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The preload links of a route's chunks, but those the page links already (the shell's). In CORS mode,
 * as Vite's preload helper fetches them (`crossOrigin = ''`, stylesheets too), so that its request takes
 * the preloaded answer; the helper adds no link of its own for a script the document links.
 */
export function chunkLinks(route: LandingRoute, linked: ReadonlySet<string> = new Set()): string {
  return [
    ...route.scripts
      .filter((href) => !linked.has(href))
      .map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}" />`),
    ...route.styles
      .filter((href) => !linked.has(href))
      .map(
        (href) => `<link rel="preload" as="style" crossorigin href="${escapeAttribute(href)}" />`,
      ),
  ].join('');
}

/**
 * The preload links of reads: the mode and credentials of the console's `fetch` (CORS mode, same-origin
 * credentials), so that fetch is handed the answer instead of asking again.
 */
export function readLinks(urls: readonly string[]): string {
  return urls
    .map(
      (href) =>
        `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(href)}" />`,
    )
    .join('');
}
