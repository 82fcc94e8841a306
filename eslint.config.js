import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Layers, from docs/decisions/001: shared code -> features -> app. */
const layerRules = [
  {
    files: ['src/components/**', 'src/lib/**', 'src/config/**', 'content/**', 'site.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)(features|app)/', message: 'Shared code and config must not depend on features or the app layer.' }] },
      ],
    },
  },
  {
    files: ['src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./(?!\\.)', message: 'Features must not import each other: move shared code to src/components or src/lib.' },
            { regex: '(^|/)app/', message: 'Features must not import the app layer.' },
            { regex: '^@rjsf/', message: 'Render forms with SchemaForm or FormWizard from src/components/forms.' },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['src/generated/', 'supabase/functions/_shared/generated/', 'dist/', 'build/', 'node_modules/', 'test-results/', 'playwright-report/', '**/*.tmp.*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  ...layerRules,
  {
    // Edge functions, and the local host that runs them, run on Deno.
    files: ['supabase/functions/**', 'supabase/local/deno/**'],
    languageOptions: { globals: { Deno: 'readonly' } },
  },
);
