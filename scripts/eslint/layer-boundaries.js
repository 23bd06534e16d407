// Lectern's architecture as one lint rule. Every import a file makes (static, `export ... from`, and
// dynamic `import('...')` with a literal path) is resolved against the file and checked:
//   - src/contract imports no other part; src/sandbox imports only src/contract;
//   - src/compiler imports only src/contract; src/console only src/contract and src/compiler;
//   - src/server imports only src/contract, and src/sandbox only in src/server/embedded-sandbox.ts;
//   - a console feature (src/console/features/<name>) never imports another feature: shared code
//     lives in src/console/lib or src/console/components.
import { dirname, relative, resolve, sep } from 'node:path';

const ALLOWED = {
  contract: [],
  sandbox: ['contract'],
  compiler: ['contract'],
  console: ['contract', 'compiler'],
  server: ['contract'],
};
const EMBEDDED_SANDBOX = 'src/server/embedded-sandbox.ts';

/** `{ part, feature }` of a repository-relative path under src/, or undefined. */
function locate(path) {
  const segments = path.split(sep).join('/').split('/');
  if (segments[0] !== 'src' || !(segments[1] in ALLOWED)) return undefined;
  const feature =
    segments[1] === 'console' && segments[2] === 'features' && segments.length > 4
      ? segments[3]
      : undefined;
  return { part: segments[1], feature };
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

    function check(node, specifier) {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = relative(root, resolve(dirname(context.filename), specifier));
      const to = locate(target);
      if (!to) return;
      if (to.part !== from.part) {
        const allowed =
          ALLOWED[from.part].includes(to.part) ||
          (file === EMBEDDED_SANDBOX && to.part === 'sandbox');
        if (!allowed)
          context.report({
            node,
            message: `src/${from.part} may not import from src/${to.part} (${specifier}).${
              from.part === 'server' && to.part === 'sandbox'
                ? ` Only ${EMBEDDED_SANDBOX} wires in the embedded sandbox.`
                : ''
            }`,
          });
        return;
      }
      if (from.feature && to.feature && from.feature !== to.feature)
        context.report({
          node,
          message: `Feature "${from.feature}" may not import feature "${to.feature}" (${specifier}): move shared code to src/console/lib or src/console/components.`,
        });
    }

    const literal = (source) =>
      source?.type === 'Literal'
        ? source.value
        : source?.type === 'TemplateLiteral' && source.expressions.length === 0
          ? source.quasis[0].value.cooked
          : undefined;

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => check(node.source, literal(node.source)),
    };
  },
};

export default { rules: { 'layer-boundaries': layerBoundaries } };
