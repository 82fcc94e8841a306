/**
 * A number question's answer from what the visitor typed: a plain decimal ("12", "-3", "2.5", " 4 ")
 * becomes the number; anything else ("1e3", "2-4", "0x10", "٣") stays the text it is, so the form's
 * check says the answer is not a number rather than the box reading it as another one. The form's
 * widget and the page's early check (./early-check.ts) both read answers with this.
 */
export function numberAnswer(raw: string): number | string | undefined {
  const text = raw.trim();
  if (text === '') return undefined;
  return /^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : raw;
}
