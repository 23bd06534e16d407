// Lectern's architecture as one lint rule. Every import a file under src/ makes (static,
// `export ... from`, and dynamic `import('...')` with a literal path) is resolved, relative paths
// against the file and `#compiler/*` / `#contract/*` through package.json `imports`, and checked:
//   - src/contract imports no other part; src/sandbox imports only src/contract;
//   - src/compiler imports only src/contract; src/console only src/contract and src/compiler;
//   - src/server imports only src/contract and src/compiler (pure: the course checks, and the course
//     history compares and stores versions with it, docs/decisions/course-history.md), and src/sandbox
//     only in src/server/embedded-sandbox.ts;
//   - inside src/compiler, src/server and src/sandbox, files follow their part's flow (FLOWS below:
//     the compiler's draft -> validate -> plan -> create/update -> execute, src/compiler/README.md;
//     each server's routes -> services -> storage, docs/decisions/server-layers.md); a file outside
//     every layer of its part is refused until the table names it;
//   - a console feature (src/console/features/<name>) never imports another feature, and
//     src/console/lib and src/console/components never import a feature: shared code lives there;
//   - every part imports the contract and the compiler through their aliases (#contract/*,
//     #compiler/*), never by climbing out of its own folder;
//   - code never imports tests or test fixtures (`*.test.ts`, `test-*.ts`).
import { readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';

const ALLOWED = {
  contract: [],
  sandbox: ['contract'],
  compiler: ['contract'],
  console: ['contract', 'compiler'],
  // The console server runs the compiler's pure course checks on saved courses
  // (docs/decisions/checks-in-compiler.md) and compares course versions with it.
  server: ['contract', 'compiler'],
};
const EMBEDDED_SANDBOX = 'src/server/embedded-sandbox.ts';
/** Parts other parts import only through their package.json alias (`#contract/*`, `#compiler/*`). */
const ALIASED = ['contract', 'compiler'];

// The compiler's flow: draft -> validate -> plan (create, update) -> execute. `shared` is the three
// leaf modules every stage uses; `compile.ts` is the front door, `index.ts` the public surface.
const COMPILER_FLOW = {
  shared: [],
  draft: ['shared'],
  validate: ['shared', 'draft'],
  plan: ['shared', 'draft'],
  create: ['shared', 'draft', 'plan'],
  update: ['shared', 'draft', 'plan'],
  execute: ['shared', 'plan'],
  // Course checks over a draft (structure, accessibility, catalog, the URLs it uses).
  checks: ['shared', 'draft'],
  compile: ['shared', 'draft', 'validate', 'plan', 'create', 'update'],
  // Course history: versions compared by server id, and a version as the target of a restore.
  history: ['shared', 'draft', 'plan', 'update'],
  index: [
    'shared',
    'draft',
    'validate',
    'plan',
    'create',
    'update',
    'execute',
    'compile',
    'checks',
    'history',
  ],
};
const COMPILER_FILES = {
  'ids.ts': 'shared',
  'issues.ts': 'shared',
  'messages.ts': 'shared',
  'validate.ts': 'validate',
  'compile.ts': 'compile',
  'index.ts': 'index',
};

// The console server's flow: the HTTP edge (routes/, plugins/) -> the services, one folder each, which
// never import each other -> the two adapters (storage/: the database; upstream/: the learning
// instance). `shared` is configuration, errors and the logger, which every layer uses; `deps` is the
// type of what routes receive; the wiring files may import anything. A new folder is a new row here.
const SERVICES = [
  'audit',
  'auth',
  'health',
  'proxy',
  'relay',
  'views',
  'alerts',
  'names',
  'checks',
  'history',
  'publishing',
  'presence',
  'live',
];
const SERVER_FLOW = {
  shared: [],
  storage: ['shared'],
  upstream: ['shared'],
  audit: ['storage', 'shared'],
  auth: ['storage', 'upstream', 'shared'],
  health: ['storage', 'shared'],
  // A proxied write is recorded before it takes effect: the proxy's audited forward uses the audit trail,
  // and captures the course before and after for the history and the audit's old values.
  proxy: ['audit', 'history', 'upstream', 'shared'],
  history: ['storage', 'upstream', 'shared'],
  relay: ['storage', 'upstream', 'shared'],
  views: ['storage', 'shared'],
  alerts: ['storage', 'shared'],
  names: ['storage', 'upstream', 'shared'],
  // Course checks: reads the course upstream, fetches its links through the address guard (net/).
  checks: ['storage', 'upstream', 'shared'],
  // Scheduled actions and approved publish requests write to the instance the way the proxy does:
  // recorded in the audit trail before they take effect.
  publishing: ['audit', 'history', 'storage', 'upstream', 'shared'],
  presence: ['storage', 'shared'],
  live: ['storage', 'shared'],
  plugins: ['audit', 'auth', 'shared'],
  // The proxy's forwarding needs the upstream client, which routes receive through deps.
  deps: [...SERVICES, 'plugins', 'upstream', 'shared'],
  routes: [...SERVICES, 'plugins', 'deps', 'shared'],
  wiring: '*',
};
const SERVER_FILES = {
  'config.ts': 'shared',
  'errors.ts': 'shared',
  'database-errors.ts': 'shared',
  'logger.ts': 'shared',
  'deps.ts': 'deps',
  'app.ts': 'wiring',
  'app-http.ts': 'wiring',
  'app-services.ts': 'wiring',
  'main.ts': 'wiring',
  'cli.ts': 'wiring',
  'build-spa.ts': 'wiring',
  'embedded-sandbox.ts': 'wiring',
  'app-metrics.ts': 'wiring',
  'app-lifecycle.ts': 'wiring',
};
/** Folders of plain helpers that sit in a layer other than their name: `net/` (the address guard) is
 * as low as config, which parses its allowlist; `metrics/` (the registry every layer may add to). */
const SERVER_FOLDERS = { net: 'shared', metrics: 'shared' };

// The sandbox's flow: routes -> services -> storage, with request plugins (auth, faults, throttle) on
// storage, generic helpers in lib/, and seeds over services. The feed/ and graphql/ folders are each a
// whole slice, so a file there takes its layer from its name: `*-route(s).ts` routes,
// `*-repository.ts` / `*-queries.ts` storage, `register-*.ts` wiring, anything else a service.
const SANDBOX_FLOW = {
  lib: [],
  shared: [],
  storage: ['lib', 'shared'],
  deps: ['storage', 'shared'],
  plugins: ['storage', 'lib', 'shared'],
  services: ['storage', 'lib', 'deps', 'shared'],
  routes: ['services', 'plugins', 'lib', 'deps', 'shared'],
  seed: ['services', 'storage', 'lib', 'deps'],
  wiring: '*',
};
const SANDBOX_FOLDERS = ['lib', 'storage', 'plugins', 'services', 'routes', 'seed'];
const SANDBOX_SLICES = ['feed', 'graphql'];
const SANDBOX_FILES = {
  'config.ts': 'shared',
  'deps.ts': 'deps',
  'settings.ts': 'storage',
  'company.ts': 'storage',
  'app.ts': 'wiring',
  'main.ts': 'wiring',
};

function sliceLayer(name) {
  if (name.startsWith('register-')) return 'wiring';
  if (/-routes?\.tsx?$/.test(name)) return 'routes';
  if (/-(repository|queries)\.tsx?$/.test(name)) return 'storage';
  return 'services';
}

/** Per part: its flow table, how a path inside it maps to a layer, and the flow in words. */
const FLOWS = {
  compiler: {
    flow: COMPILER_FLOW,
    files: 'COMPILER_FILES',
    order: 'draft -> validate -> plan -> create/update -> execute',
    layerOf: (rest) =>
      rest.length === 1 ? COMPILER_FILES[rest[0]] : rest[0] in COMPILER_FLOW ? rest[0] : undefined,
  },
  server: {
    flow: SERVER_FLOW,
    files: 'SERVER_FILES',
    order: 'routes and plugins -> services (each folder on its own) -> storage and upstream',
    layerOf: (rest) =>
      rest.length === 1
        ? SERVER_FILES[rest[0]]
        : rest[0] in SERVER_FOLDERS
          ? SERVER_FOLDERS[rest[0]]
          : rest[0] in SERVER_FLOW && !(rest[0] in { shared: 1, deps: 1, wiring: 1 })
            ? rest[0]
            : undefined,
  },
  sandbox: {
    flow: SANDBOX_FLOW,
    files: 'SANDBOX_FILES',
    order: 'routes -> services -> storage',
    layerOf: (rest) =>
      rest.length === 1
        ? SANDBOX_FILES[rest[0]]
        : SANDBOX_FOLDERS.includes(rest[0])
          ? rest[0]
          : SANDBOX_SLICES.includes(rest[0])
            ? sliceLayer(rest[rest.length - 1])
            : undefined,
  },
};

const TEST_FILE = /(^test-[\w-]+|\.test)\.tsx?$/;

/** `{ part, feature, area, test }` of a repository-relative path under src/, or undefined. */
function locate(path) {
  const segments = path.split(sep).join('/').split('/');
  if (segments[0] !== 'src' || !(segments[1] in ALLOWED)) return undefined;
  const part = segments[1];
  const rest = segments.slice(2);
  const feature =
    part === 'console' && rest[0] === 'features' && rest.length > 2 ? rest[1] : undefined;
  let area = FLOWS[part]?.layerOf(rest);
  if (part === 'console' && (rest[0] === 'lib' || rest[0] === 'components')) area = rest[0];
  return { part, feature, area, test: TEST_FILE.test(basename(path)) };
}

let aliasCache;
/** package.json `imports`, as [prefix, target prefix] pairs (`#compiler/` -> `./src/compiler/`). */
function aliases(root) {
  if (aliasCache?.root !== root) {
    const { imports = {} } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const pairs = Object.entries(imports)
      .filter(([key, target]) => key.endsWith('/*') && typeof target === 'string')
      .map(([key, target]) => [key.slice(0, -1), target.replace(/\*$/, '')]);
    aliasCache = { root, pairs };
  }
  return aliasCache.pairs;
}

export const layerBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "Keeps imports inside Lectern's layer and feature boundaries." },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = relative(root, context.filename).split(sep).join('/');
    const from = locate(file);
    if (!from) return {};

    /** The repository-relative path a specifier names, or undefined for packages. */
    function target(specifier) {
      if (specifier.startsWith('.'))
        return relative(root, resolve(dirname(context.filename), specifier));
      if (!specifier.startsWith('#')) return undefined;
      const alias = aliases(root).find(([prefix]) => specifier.startsWith(prefix));
      return alias && relative(root, resolve(root, alias[1] + specifier.slice(alias[0].length)));
    }

    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      const path = target(specifier);
      const to = path === undefined ? undefined : locate(path);
      if (!to) return;
      const report = (message) => context.report({ node, message });
      if (to.test && !from.test)
        report(`Only tests import tests and test fixtures (${specifier}).`);
      if (to.part !== from.part) {
        const allowed =
          ALLOWED[from.part].includes(to.part) ||
          (file === EMBEDDED_SANDBOX && to.part === 'sandbox');
        if (!allowed)
          report(
            `src/${from.part} may not import from src/${to.part} (${specifier}).${
              from.part === 'server' && to.part === 'sandbox'
                ? ` Only ${EMBEDDED_SANDBOX} wires in the embedded sandbox.`
                : ''
            }`,
          );
        else if (ALIASED.includes(to.part) && specifier.startsWith('.'))
          report(`Import src/${to.part} through its alias #${to.part}/… (${specifier}).`);
        return;
      }
      if (from.feature && to.feature && from.feature !== to.feature)
        report(
          `Feature "${from.feature}" may not import feature "${to.feature}" (${specifier}): move shared code to src/console/lib or src/console/components.`,
        );
      if ((from.area === 'lib' || from.area === 'components') && to.feature)
        report(
          `src/console/${from.area} may not import feature "${to.feature}" (${specifier}): shared code never depends on a feature.`,
        );
      const flow = FLOWS[from.part];
      const allowedLayers = flow && from.area !== undefined ? flow.flow[from.area] : undefined;
      if (
        flow &&
        !from.test &&
        allowedLayers !== '*' &&
        allowedLayers !== undefined &&
        to.area !== undefined &&
        to.area !== from.area &&
        !allowedLayers.includes(to.area)
      )
        report(
          `In src/${from.part}, ${from.area} may not import ${to.area} (${specifier}): imports follow ${flow.order}.`,
        );
    }

    const literal = (source) =>
      source?.type === 'Literal'
        ? source.value
        : source?.type === 'TemplateLiteral' && source.expressions.length === 0
          ? source.quasis[0].value.cooked
          : undefined;

    return {
      Program(node) {
        const flow = FLOWS[from.part];
        if (flow && !from.test && from.area === undefined)
          context.report({
            node,
            message: `${file} is outside the ${from.part}'s flow: put it in one of its folders or name it in ${flow.files} (scripts/eslint/layer-boundaries.js).`,
          });
      },
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => check(node.source, literal(node.source)),
    };
  },
};

export default { rules: { 'layer-boundaries': layerBoundaries } };
