import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { siteShellPlugin } from './scripts/vite/site-shell-plugin.ts';

export default defineConfig({
  plugins: [react(), siteShellPlugin(import.meta.dirname)],
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
  },
  ssr: {
    // Bundle dependencies into the prerenderer so Node never resolves their extension-less ESM imports.
    noExternal: true,
  },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/component/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/unit/setup.ts', 'tests/component/setup-dom.ts'],
  },
});
