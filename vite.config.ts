import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { siteShellPlugin } from './scripts/vite/site-shell-plugin.ts';

export default defineConfig({
  plugins: [react(), siteShellPlugin(import.meta.dirname)],
  resolve: {
    // RJSF's markdown descriptions are not used; see src/lib/markdown-stub.tsx.
    alias: { 'markdown-to-jsx/react': fileURLToPath(new URL('./src/lib/markdown-stub.tsx', import.meta.url)) },
  },
  server: { port: 3000, strictPort: true },
  build: {
    outDir: 'dist',
    manifest: true,
    // Illustrations stay separate, cacheable files instead of base64 inside JavaScript.
    assetsInlineLimit: 0,
    // One small stylesheet in every page's <head>: prerendered pages are styled before any script runs.
    cssCodeSplit: false,
    target: 'es2022',
    // Every browser that runs this site's ES2022 code supports modulepreload natively.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // The shared page building blocks travel together: one request instead of a dozen tiny ones.
        // The dynamic-import helper stays with the tiny entry, which must not pull the page code in (decision 017).
        manualChunks: (id) => (id.includes('vite/preload-helper') ? 'index' : /\/src\/components\/(?!forms\/)[^/]+$/.test(id) ? 'ui' : undefined),
      },
    },
  },
  ssr: {
    // Bundle dependencies into the prerenderer so Node never resolves their extension-less ESM imports.
    noExternal: true,
  },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/component/**/*.test.{ts,tsx}', 'tests/db/**/*.test.ts', 'tests/functions/**/*.test.ts', 'tests/local/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/unit/setup.ts', 'tests/component/setup-dom.ts'],
  },
});
