import { useEffect, useRef } from 'react';
import type { FormData } from './normalise';
import { boxesOf, DEV_RELOAD_PREFIX, devReloadKey, type KeptOverReload } from './dev-reload-key';

/**
 * `npm run dev` reloads the page when a save in schemas/ changes a form (scripts/vite/reload-on-generated-plugin.ts).
 * What was typed is kept for the reload and given back to the questions that still exist. A built site
 * has no `import.meta.hot`, so none of this reaches visitors.
 */

/**
 * Put into the page by scripts/dev.ts, run as it loads: what each kept box showed (text, ticks, choices
 * by their label) is in it at once, where the form's code, arriving seconds later in dev, takes it over as
 * typed or chosen (answer-in-page.ts).
 * Self-contained: it runs as the source text of this function.
 */
function showKeptAnswers(prefix: string) {
  for (const key of Object.keys(localStorage).filter((name) => name.startsWith(prefix))) {
    const { boxes } = JSON.parse(localStorage.getItem(key)!) as { boxes?: Record<string, string | boolean> };
    for (const [id, shown] of Object.entries(boxes ?? {})) {
      if (id.endsWith('#label')) {
        // A choice, by its label: a select's option, or a radio of the group with that name.
        const name = id.slice(0, -'#label'.length);
        const select = document.getElementById(name);
        if (select instanceof HTMLSelectElement) {
          const option = [...select.options].find((o) => o.textContent === shown);
          if (option) option.selected = true;
        }
        for (const radio of document.getElementsByName(name)) {
          if (radio instanceof HTMLInputElement && radio.labels?.[0]?.textContent === shown) radio.checked = true;
        }
        continue;
      }
      const box = document.getElementById(id);
      if (box instanceof HTMLInputElement && box.type === 'checkbox') box.checked = shown === true;
      else if ((box instanceof HTMLInputElement || box instanceof HTMLTextAreaElement) && typeof shown === 'string') box.value = shown;
    }
  }
}

/** What `npm run dev` adds to each page: the kept answers put back, and what is typed before a form's code kept (dev-reload-before-code.ts). */
export const devReloadScripts =
  `<script type="module">(${showKeptAnswers.toString()})(${JSON.stringify(DEV_RELOAD_PREFIX)});</script>` +
  '<script type="module" src="/src/components/forms/dev-reload-before-code.ts"></script>';

export function useAnswersKeptOverDevReload(formId: string, questions: readonly string[], data: FormData, restore: (kept: FormData) => void) {
  const latest = useRef(data);
  useEffect(() => {
    latest.current = data;
  }, [data]);
  useEffect(() => {
    const hot = import.meta.hot;
    if (!hot) return;
    const key = devReloadKey(formId);
    const kept = localStorage.getItem(key);
    localStorage.removeItem(key);
    const { answers } = kept ? (JSON.parse(kept) as KeptOverReload) : { answers: null };
    if (answers) restore(Object.fromEntries(Object.entries(answers).filter(([question]) => questions.includes(question))));
    const keep = () => {
      const form = document.getElementById(formId)?.closest('form');
      const saved: KeptOverReload = { answers: latest.current, boxes: form ? boxesOf(form, formId) : {} };
      localStorage.setItem(key, JSON.stringify(saved));
    };
    hot.on('vite:beforeFullReload', keep);
    return () => hot.off('vite:beforeFullReload', keep);
    // Once per form: the questions are the form's, read when it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formId]);
}
