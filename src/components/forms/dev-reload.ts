import { useEffect, useRef } from 'react';
import type { FormData } from './normalise';

/**
 * `npm run dev` reloads the page when a save in schemas/ changes a form (scripts/vite/reload-on-generated-plugin.ts).
 * What was typed is kept for the reload and given back to the questions that still exist. A built site
 * has no `import.meta.hot`, so none of this reaches visitors.
 */
const PREFIX = 'dev-reload-answers-';

/** Where the answers wait for the page to come back (a localStorage entry: one the page's loader can see, to start the form at once). */
export const devReloadKey = (formId: string) => `${PREFIX}${formId}`;

/**
 * Put into the page by scripts/dev.ts, run as it loads: kept text answers are in their boxes at once,
 * where the form's code, arriving seconds later in dev, takes them over as typed (answer-in-page.ts).
 * Self-contained: it runs as the source text of this function.
 */
function showKeptAnswers(prefix: string) {
  for (const key of Object.keys(localStorage).filter((name) => name.startsWith(prefix))) {
    const formId = key.slice(prefix.length);
    for (const [field, value] of Object.entries(JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>)) {
      const box = document.getElementById(`${formId}_${field}`);
      const typed = (box instanceof HTMLInputElement && !['checkbox', 'radio'].includes(box.type)) || box instanceof HTMLTextAreaElement;
      if (typed && typeof value === 'string') box.value = value;
    }
  }
}

/** What `npm run dev` adds to each page: the kept answers put back, and what is typed before a form's code kept (dev-reload-before-code.ts). */
export const devReloadScripts =
  `<script type="module">(${showKeptAnswers.toString()})(${JSON.stringify(PREFIX)});</script>` +
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
    if (kept) restore(Object.fromEntries(Object.entries(JSON.parse(kept) as FormData).filter(([question]) => questions.includes(question))));
    const keep = () => localStorage.setItem(key, JSON.stringify(latest.current));
    hot.on('vite:beforeFullReload', keep);
    return () => hot.off('vite:beforeFullReload', keep);
    // Once per form: the questions are the form's, read when it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formId]);
}
