import { boxesOf, devReloadKey, type KeptOverReload } from './dev-reload-key';

/**
 * Loaded by `npm run dev` alone (scripts/dev.ts): what was typed or chosen in a form whose code has not
 * started yet (it starts on the first touch, and takes seconds in dev) is kept for the reload a save in
 * schemas/ makes, as the form's own hook keeps it once it runs (dev-reload.ts). The boxes are the
 * prerendered form's: the root's id is the form's.
 */
import.meta.hot?.on('vite:beforeFullReload', () => {
  for (const island of document.querySelectorAll('[data-island="forms/form"]:not([data-hydrated])')) {
    const root = island.querySelector('form [id]');
    if (!root) continue;
    const kept: KeptOverReload = { answers: null, boxes: boxesOf(island, root.id) };
    localStorage.setItem(devReloadKey(root.id), JSON.stringify(kept));
  }
});
