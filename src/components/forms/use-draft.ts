import { useEffect, useRef } from 'react';

/**
 * Keeps a form's progress in localStorage, so a reload or a closed tab does not lose it. Restored after
 * hydration (the prerendered page is always the empty form), saved on every change, and removed as soon
 * as the form is blank again (after a successful submit).
 */
export function useDraft<T>(key: string | undefined, value: T, restore: (saved: T) => void, isBlank: (value: T) => boolean) {
  const restored = useRef(false);
  useEffect(() => {
    if (!key || restored.current) return;
    restored.current = true;
    try {
      const saved = window.localStorage.getItem(key);
      if (saved) restore(JSON.parse(saved) as T);
    } catch {
      // A draft that cannot be read is not worth an error: the visitor starts fresh.
    }
  }, [key, restore]);
  useEffect(() => {
    if (!key || !restored.current) return;
    try {
      if (isBlank(value)) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Private browsing or a full quota: the form still works, only without a draft.
    }
  }, [key, value, isBlank]);
}
