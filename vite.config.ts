import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstPaintPlugins } from './scripts/vite/first-paint-plugin.ts';
import { siteShellPlugin } from './scripts/vite/site-shell-plugin.ts';

const SHARED_CHUNKS = new Set(['react', 'mantine', 'form-engine']);
const keepsName = (chunk: { name: string; facadeModuleId: string | null }) => SHARED_CHUNKS.has(chunk.name) || Boolean(chunk.facadeModuleId?.includes('/src/generated/forms/'));

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), siteShellPlugin(import.meta.dirname), ...firstPaintPlugins()],
  resolve: {
    // RJSF's markdown descriptions are not used; see src/lib/markdown-stub.tsx.
    alias: {
      'markdown-to-jsx/react': fileURLToPath(new URL('./src/lib/markdown-stub.tsx', import.meta.url)),
      // RJSF resolves references of draft 2020-12 schemas with it, and the forms are draft-07; see the file. Only
      // in the browser's build: elsewhere (npm run dev, the prerender, tests) Ajv's compiler loads, which needs it.
      ...(command === 'build' && !isSsrBuild ? { 'fast-uri': fileURLToPath(new URL('./src/lib/fast-uri-stub.ts', import.meta.url)) } : {}),
      // The charts' decimal library as its ES module: its UMD file finds the global object with
      // Function('return this'), which the built code must not contain (the CSP allows no eval).
      'decimal.js-light': fileURLToPath(new URL('./node_modules/decimal.js-light/decimal.mjs', import.meta.url)),
    },
  },
  server: { port: 3000, strictPort: true },
  build: {
    outDir: 'dist',
    manifest: true,
    // Illustrations stay separate, cacheable files instead of base64 inside JavaScript. Icons, which only
    // the stylesheet names (src/components/icon.module.css), go inline: a page fetches nothing but its
    // HTML to paint (docs/decisions/017; its favicon is the built /favicon.ico, decision 056).
    assetsInlineLimit: (file) => file.includes('/@tabler/icons/'),
    // One stylesheet for the whole site: each page inlines the part it uses, and islands add the whole
    // before they start (decisions 017 and 020). The prerender's build writes it (scripts/build.ts).
    cssCodeSplit: false,
    target: 'es2022',
    // The loader preloads each island's files itself, all at once (scripts/build/island-files.ts), so
    // Vite's own preload helper is not needed: no chunk then imports the page's inline loader either.
    modulePreload: false,
    rollupOptions: {
      // The page's loader (index.html's entry, inline in each page) imports the islands' runtime and the early
      // answers by the addresses the page lists (src/loader/page-files.ts), so they are entries of their own and
      // the loader needs no preload helper of Vite's (decision 033).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        'hydrate-island': fileURLToPath(new URL('./src/app/islands/hydrate-island.tsx', import.meta.url)),
        'early-answers': fileURLToPath(new URL('./src/app/islands/early-answers.ts', import.meta.url)),
      },
      preserveEntrySignatures: 'exports-only',
      output: {
        // Every page lists the files of its islands (scripts/build/island-files.ts): chunks' names in their file
        // names were some 140 bytes of brotli on each page, the last of the one round trip it must fit in. The
        // three shared groups and each form's definition keep theirs, which tests and bench:bundle find by name.
        ...(isSsrBuild ? {} : { chunkFileNames: (chunk: { name: string; facadeModuleId: string | null }) => (keepsName(chunk) ? 'assets/[name]-[hash].js' : 'assets/[hash].js'), entryFileNames: 'assets/[hash].js' }),
        codeSplitting: {
          groups: [
            // The tiny entry carries the page's element ids and helpers itself, so it has no static import and
            // can go inline into each page (scripts/vite/first-paint-plugin.ts, decision 017).
            { name: 'index', test: /\/src\/main\.tsx|\/src\/loader\/|\/src\/lib\/(page-ids|early-conditions|site-stylesheet)\.ts/ },
            // What islands share comes in a few files rather than dozens, so a page lists few (decision 020):
            // React, Mantine, and the form engine (RJSF with what it pulls in).
            { name: 'react', test: /node_modules\/(react|react-dom|scheduler)\// },
            // Only what most islands use (the provider, buttons, text). The inputs only the form islands show (number,
            // password, choices, with react-number-format) go with the form engine, which imports them, rather than
            // into every island's download (the account control 119 -> 103 KB gzip, on every page); a component one
            // island alone needs (the staff page's table) stays with it.
            { name: 'mantine', test: /node_modules\/@mantine\/(core|hooks)\//, minShareCount: 4 },
            { name: 'form-engine', test: /node_modules\/(@rjsf|@x0k|fast-equals|jsonpointer|react-number-format|react-is|lodash)/ },
            // A form's own checks, shared by the form, its early answer and /staff: one small file, not one per module.
            { name: 'form-checks', test: /\/src\/components\/forms\/(problems|normalise|answer-in-page)\.ts|\/form-model\/(conditions|default-messages|field-order)\.ts|\/src\/generated\/validators\/runtime\.ts/ },
          ],
        },
      },
    },
  },
  // The prerenderer bundles its dependencies, so Node never resolves their extension-less ESM imports;
  // the dev server leaves Node to load them, as its module runner takes ES modules only.
  ssr: command === 'build' ? { noExternal: true } : {},
}));
