/** Where `npm run dev` keeps a form's answers over a reload (dev-reload.ts): apart, so code that needs only this loads no React. */
export const DEV_RELOAD_PREFIX = 'dev-reload-answers-';

/** Where the answers wait for the page to come back (a localStorage entry: one the page's loader can see, to start the form at once). */
export const devReloadKey = (formId: string) => `${DEV_RELOAD_PREFIX}${formId}`;

/**
 * What a form kept over a reload: its answers as the form's code had them (null when its code had not
 * started), and what each box of the page showed, for the reloaded page to show before its code runs.
 */
export interface KeptOverReload {
  answers: Record<string, unknown> | null;
  boxes: Record<string, string | boolean>;
}

/**
 * What each box of a form shows, by element id (`<form>_<question>`): text as typed, a tick as true or
 * false, and a choice by its label (`#label` on a select's id, `#label` on a radio group's name), as an
 * option's value is its place in the list, which a save that adds an option changes.
 */
export function boxesOf(form: ParentNode, formId: string): Record<string, string | boolean> {
  const boxes: Record<string, string | boolean> = {};
  for (const box of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')) {
    if (!box.id.startsWith(`${formId}_`)) continue;
    if (box instanceof HTMLSelectElement) boxes[`${box.id}#label`] = box.selectedOptions[0]?.textContent ?? '';
    else if (box instanceof HTMLInputElement && box.type === 'radio') {
      if (box.checked) boxes[`${box.name}#label`] = box.labels?.[0]?.textContent ?? '';
    } else if (box instanceof HTMLInputElement && box.type === 'checkbox') boxes[box.id] = box.checked;
    else if (box.type !== 'hidden') boxes[box.id] = box.value;
  }
  return boxes;
}
