// ESLint flat config for Lectern.
//
// Layer boundaries (enforced with `no-restricted-imports`, one config object per folder):
//   src/contract  -> imports nothing from other src folders
//   src/sandbox   -> may import only src/contract
//   src/console   -> may not import src/server or src/sandbox
//   src/compiler  -> may not import src/server or src/sandbox
//   src/server    -> may not import src/sandbox, except src/server/embedded-sandbox.ts
//
// NOTE: in flat config a later object that sets a rule *replaces* the earlier setting, it
// does not merge. Each source file must therefore match exactly one `no-restricted-imports`
// object below (the embedded-sandbox override is deliberately last).
import { defineConfig, globalIgnores } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const LAYERS = ['contract', 'sandbox', 'server', 'console', 'compiler'];

/**
 * A regex that matches an import specifier pointing into `src/<layer>`: relative paths that
 * climb out with `../` and land in the layer folder (`../server`, `../../sandbox/store`),
 * plus anything spelling out `src/<layer>` explicitly.
 * @param {string} layer
 */
const layerRegex = (layer) =>
  `^(?:\\.\\.?/)*\\.\\./(?:src/)?${layer}(?:/|$)|(?:^|/)src/${layer}(?:/|$)`;

/**
 * @param {string} from the layer doing the importing
 * @param {string[]} forbidden layers it may not import
 * @param {string} why
 */
const boundary = (from, forbidden, why) => ({
  files: [`src/${from}/**/*.{ts,tsx,js,mjs,cjs}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: forbidden.map((layer) => ({
          regex: layerRegex(layer),
          message: `src/${from} may not import from src/${layer}: ${why}`,
        })),
      },
    ],
  },
});

const others = (self) => LAYERS.filter((layer) => layer !== self);

const processEnvMessage =
  'Read environment variables only in a file named config.ts or env.ts and pass values down.';

export default defineConfig(
  globalIgnores([
    'dist/**',
    'node_modules/**',
    '.data/**',
    'test-results/**',
    'playwright-report/**',
    'bench/results/**',
    'coverage/**',
  ]),
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },

  // React (console only).
  {
    files: ['src/console/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },

  // Layer boundaries.
  boundary('contract', others('contract'), 'the contract is the dependency-free base layer.'),
  boundary(
    'sandbox',
    others('sandbox').filter((layer) => layer !== 'contract'),
    'the sandbox depends only on the contract.',
  ),
  boundary('console', ['server', 'sandbox'], 'the browser console talks to them over HTTP.'),
  boundary('compiler', ['server', 'sandbox'], 'the compiler must stay runtime-independent.'),
  boundary(
    'server',
    ['sandbox'],
    'only src/server/embedded-sandbox.ts may wire in the embedded sandbox.',
  ),
  {
    files: ['src/server/embedded-sandbox.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },

  // process.env only in config.ts / env.ts (tests exempt).
  {
    files: ['src/**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: [
      'src/**/config.ts',
      'src/**/env.ts',
      'src/**/*.test.{ts,tsx}',
      'src/**/*.spec.{ts,tsx}',
      'src/**/__tests__/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: processEnvMessage,
        },
        {
          selector: "MemberExpression[object.name='process'][property.value='env']",
          message: processEnvMessage,
        },
        {
          selector:
            "MemberExpression[object.type='MemberExpression'][object.property.name='process'][property.name='env']",
          message: processEnvMessage,
        },
        {
          selector:
            "VariableDeclarator[init.name='process'] > ObjectPattern > Property[key.name='env']",
          message: processEnvMessage,
        },
        {
          selector:
            "ImportDeclaration[source.value=/^(node:)?process$/] > ImportSpecifier[imported.name='env']",
          message: processEnvMessage,
        },
      ],
    },
  },
);
