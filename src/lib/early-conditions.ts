/**
 * Whether any of `conditions` holds in this browser now: `storage:<key>` (a localStorage entry),
 * `query:<name>` or `hash:<name>` (a parameter of the page's address). Islands name theirs in `early`
 * (src/components/island.tsx). Self-contained on purpose: the build also writes this function into each
 * page's <head> (scripts/vite/first-paint-plugin.ts), to hide account controls before the first paint.
 */
export function anyHolds(conditions: string[]): boolean {
  const query = new URLSearchParams(location.search);
  const hash = new URLSearchParams(location.hash.slice(1));
  return conditions.some((condition) => {
    const [kind, name = ''] = condition.split(':');
    if (kind === 'query') return query.has(name);
    if (kind === 'hash') return hash.has(name);
    if (kind !== 'storage') return false;
    try {
      return localStorage.getItem(name) !== null;
    } catch {
      return false;
    }
  });
}
