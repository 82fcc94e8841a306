import { devReloadKey } from './dev-reload';

/**
 * Loaded by `npm run dev` alone (scripts/dev.ts): what was typed into a form whose code has not started
 * yet (it starts on the first touch, and takes seconds in dev) is kept for the reload a save in schemas/
 * makes, as the form's own hook keeps it once it runs (dev-reload.ts). The boxes are the prerendered
 * form's: the root's id is the form's, each input's is `<form>_<question>`.
 */
import.meta.hot?.on('vite:beforeFullReload', () => {
  for (const island of document.querySelectorAll('[data-island="forms/form"]:not([data-hydrated])')) {
    const root = island.querySelector('form [id]');
    if (!root) continue;
    const boxes = [...island.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].filter(
      (box) => box.id.startsWith(`${root.id}_`) && box.value !== '' && !['checkbox', 'radio', 'hidden'].includes(box.type),
    );
    if (boxes.length) localStorage.setItem(devReloadKey(root.id), JSON.stringify(Object.fromEntries(boxes.map((box) => [box.id.slice(root.id.length + 1), box.value]))));
  }
});
