/**
 * The day of a moment on the reader's clock ("2026-11-23"): staff read every date in their own time zone
 * (the browser's, or the exporter's in a CSV), sortable as text.
 */
export function localDay(at: string | Date): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A clock figure in two digits. */
export const pad = (n: number) => String(n).padStart(2, '0');
