import { closest, distance } from 'fastest-levenshtein';

/** ` Did you mean "required"?` when a known word is close to what was typed; '' otherwise. */
export function didYouMean(typed: string, known: Iterable<string>): string {
  const candidates = [...known];
  if (!candidates.length) return '';
  const best = closest(typed, candidates);
  const near = distance(typed.toLowerCase(), best.toLowerCase()) <= Math.max(2, Math.floor(best.length / 3));
  return near ? ` Did you mean "${best}"?` : '';
}
