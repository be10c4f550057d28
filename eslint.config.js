// Lint: TypeScript's recommended rules and React's hooks rules (including the compiler's rules against
// reading or writing refs, or setting state, during render). Generated code is data, not linted.
import js from '@eslint/js';
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
