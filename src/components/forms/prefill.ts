import { useMemo, useState, useSyncExternalStore } from 'react';
import type { FormDefinition } from './form-definition';
import type { FormData } from './normalise';

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

/** The fields an address may choose: questions with options. */
export function prefillableFields(form: FormDefinition): string[] {
  return Object.entries(form.schema.properties ?? {})
    .filter(([, definition]) => typeof definition === 'object' && Array.isArray(definition.oneOf))
    .map(([field]) => field);
}

const noChanges = () => () => {};

/**
 * The address's choices, once hydrated: the prerendered HTML was made for an address without a query
 * string, so the first render reads none and the next one applies them.
 */
export function useQueryPrefill(form: FormDefinition): FormData | null {
  const search = useSyncExternalStore(noChanges, () => location.search, () => '');
  return useMemo(() => prefillFrom(form, search), [form, search]);
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

/**
 * What a form shows a signed-in member: their profile's answers in the questions that hold nothing of
 * theirs. Shown, not stored, until they change something: a draft restored later, or anything they typed
 * before the profile arrived, wins; a question they empty stays empty (its key is then theirs).
 */
export function withProfile(profile: FormData | null | undefined, data: FormData): FormData {
  return profile ? { ...profile, ...data } : data;
}
