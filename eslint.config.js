import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Mantine's rules depend on their order, which src/styles.css sets; a component's own import would be ordered by the bundling. */
const mantineStyles = { regex: '^@mantine/.*\\.css$', message: 'Import Mantine styles in src/styles.css, in its order (decision 020).' };

/** Layers, from docs/decisions/001: shared code -> features -> app. */
const layerRules = [
  {
    files: ['src/components/**', 'src/lib/**', 'src/config/**', 'content/**', 'site.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)(features|app)/', message: 'Shared code and config must not depend on features or the app layer.' },
            { regex: '(^|/)supabase/functions/', message: 'Share code with the edge function through form-model/.' },
            mantineStyles,
          ],
        },
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
            { regex: '(^|/)supabase/functions/', message: 'Share code with the edge function through form-model/.' },
            mantineStyles,
          ],
        },
      ],
    },
  },
  { files: ['src/app/**', 'src/loader/**', 'src/*.ts', 'src/*.tsx'], rules: { 'no-restricted-imports': ['error', { patterns: [mantineStyles] }] } },
  // form-model/ is what every side knows about a form: the site, the generator, the edge function and
  // /staff import it, and it imports none of them; neither the site nor the function reaches into the other.
  {
    files: ['form-model/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./', message: 'form-model/ stands alone: it must not import the site, scripts or supabase/.' }] }] },
  },
  {
    files: ['supabase/functions/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)(src|scripts)/', message: 'Share code through form-model/, not from the site or scripts.' }] }] },
  },
];

export default tseslint.config(
  { ignores: ['src/generated/', 'form-model/generated/', 'dist/', 'build/', 'node_modules/', 'test-results/', 'playwright-report/', '**/*.tmp.*'] },
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
