import { join, sep } from 'node:path';
import type { Plugin } from 'vite';

/**
 * `npm run dev`: a save in schemas/ rewrites several files of src/generated at once. Each open page
 * reloads once they are all written (what was typed comes back: src/components/forms/dev-reload.ts), rather
 * than hot-swapping one module while its form, its validators and its page's route still disagree, or
 * staying stale because its island had not loaded the form yet.
 */
export const isGenerated = (root: string, file: string) => file.startsWith(join(root, 'src', 'generated') + sep);

export function reloadOnGeneratedPlugin(root: string): Plugin {
  let timer: NodeJS.Timeout | undefined;
  return {
    name: 'reload-on-generated',
    apply: 'serve',
    hotUpdate({ file, server }) {
      // Only what a page runs: database.ts holds types, which no page imports.
      const used = Object.values(server.environments).some((environment) => environment.moduleGraph.getModulesByFile(file)?.size);
      if (!isGenerated(root, file) || !used) return;
      if (this.environment.name === 'client') {
        const hot = this.environment.hot;
        clearTimeout(timer);
        timer = setTimeout(() => hot.send({ type: 'full-reload' }), 50);
      }
      // Nothing to hot-swap: the reload brings every changed module, on both sides.
      return this.environment.name === 'client' ? [] : undefined;
    },
  };
}
