// Lint: TypeScript's recommended rules and React's hooks rules (including the compiler's rules against
// reading or writing refs, or setting state, during render), and the rules that keep the house readable:
// no import loop (lazy `import()` included), no module in src/ over 400 lines or importing scripts/,
// vite.config.ts only configuring. Generated code is data, not linted.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'generated/**',
      'dist/**',
      'coverage/**',
      'bench/results/**',
      'reports/**',
      '.stryker-tmp/**',
      'dev-public/**',
      'public/**',
      'docs/**',
      '.work/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat['recommended-latest'],
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are deliberately unused (a rest sibling left out, a callback's position).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // An import loop, static or lazy (`import()`), anywhere in the project's own code: a module that
    // another imports must not know it in turn (import-x counts dynamic imports unless told not to).
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
      // Generated code (over a thousand files of commerce types and hooks) is not parsed: it imports
      // only itself, src/core (orvalRequest.ts) and the types of src/commerce/types.ts, and src/core
      // imports nothing outside src/core (the rule below), so no loop can pass through it. Following
      // it was two thirds of the rule's time.
      'import-x/ignore': ['/generated/'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/**'],
    rules: {
      // A module per concept: never over 400 lines, counted as `wc -l` counts them.
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      // The library and the site are built from src/ alone; scripts/ are the tools around them.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/scripts/**'], message: 'src/ never imports scripts/: move what both need into src/.' },
          ],
        },
      ],
      // The same for a lazy `import()`, which no-restricted-imports does not look at.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/(^|\\/)scripts\\//]',
          message: 'src/ never imports scripts/: move what both need into src/.',
        },
      ],
    },
  },
  {
    // The framework-free core stands alone: every API's client and the generated hooks build on it, so
    // an import from it to anything else would make a loop possible (through code the loop rule above
    // does not parse).
    files: ['src/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['../**', '**/generated/**'], message: 'src/core imports only src/core and packages.' }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/^\\.\\.\\/|generated\\//]',
          message: 'src/core imports only src/core and packages.',
        },
      ],
    },
  },
  {
    // vite.config.ts lists plugins and options; the plugins live in scripts/lib.
    files: ['vite.config.ts'],
    rules: { 'max-lines': ['error', { max: 80, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['tests/**'],
    rules: {
      // vi.waitFor gives up after 1 s, which a correct page on a busy machine sometimes needs
      // (a CI run failed a rendered banner that way); Testing Library's waitFor waits up to the run's
      // asyncUtilTimeout (tests/support/domSetup.ts).
      'no-restricted-properties': [
        'error',
        { object: 'vi', property: 'waitFor', message: "Use Testing Library's waitFor (the run's 15 s bound)." },
      ],
    },
  },
);
