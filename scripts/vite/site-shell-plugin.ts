import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import { projectShell } from '../../src/config/site-shell.ts';

const ID = 'virtual:site-shell';
const RESOLVED = `\0${ID}`;

/**
 * Serves `virtual:site-shell`: the part of site.config.ts every page needs (nav, footer, route list
 * and titles), computed from site.config.ts at build time so the first page a visitor opens does not
 * download every service, course and resource description.
 */
export function siteShellPlugin(root: string): Plugin {
  const configFile = join(root, 'site.config.ts');
  // site.config.ts adds the form pages the generator writes here: a new form is a new route.
  const formPagesFile = join(root, 'src', 'generated', 'form-pages.ts');
  return {
    name: 'site-shell',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      this.addWatchFile(configFile);
      this.addWatchFile(formPagesFile);
      // A fresh URL each time, so the dev server picks up edits to site.config.ts.
      const url = `${pathToFileURL(configFile).href}?t=${Date.now()}`;
      const config = (await tsImport(url, import.meta.url)) as Parameters<typeof projectShell>[0];
      return `export const shell = ${JSON.stringify(projectShell(config))};`;
    },
    handleHotUpdate({ file, server }) {
      if (file !== configFile && file !== formPagesFile) return;
      const mod = server.moduleGraph.getModuleById(RESOLVED);
      if (mod) server.moduleGraph.invalidateModule(mod);
    },
  };
}
