import { useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { FormDefinition } from './form-definition';
import type { FormData } from './normalise';
import { useHydrated } from './submit-button';

/**
 * Answers chosen by the page's address: `/enrol?course=strategic-leadership` picks that course. Only
 * questions with options take part, and only with one of their own values, so a link can choose but
 * never write text into a visitor's form.
 */
export function prefillFrom(form: FormDefinition, search: string): FormData | null {
  const chosen: FormData = {};
  for (const [field, value] of new URLSearchParams(search)) {
    const options = (form.schema.properties?.[field] as { oneOf?: { const: unknown }[] } | undefined)?.oneOf;
    if (options?.some((o) => o.const === value)) chosen[field] = value;
  }
  return Object.keys(chosen).length ? chosen : null;
}

/**
 * The address's choices, after hydration: the prerendered HTML has no query string, so reading it
 * during the first render would make the hydrated page differ from the HTML it takes over.
 */
export function useQueryPrefill(form: FormDefinition): FormData | null {
  const { search } = useLocation();
  const hydrated = useHydrated();
  return useMemo(() => (hydrated ? prefillFrom(form, search) : null), [form, search, hydrated]);
}

/**
 * Applies new prefilled answers over a form's state once each, while rendering (React's way to adjust
 * state to a changed prop, without an effect's extra render).
 */
export function usePrefillInto(prefill: FormData | null | undefined, apply: (answers: FormData) => void) {
  const [applied, setApplied] = useState<FormData | null | undefined>(null);
  if (prefill !== applied) {
    setApplied(prefill);
    if (prefill) apply(prefill);
  }
}
