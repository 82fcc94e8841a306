/**
 * What counts as text in an answer, and how long it is. The browser's validators and the form code use
 * these (copied by `npm run generate` into src/generated/validators/runtime.ts, so the precompiled
 * validators stay self-contained); the database holds the same rules in public.form_text and its
 * check constraints, and tests/db/text-rules.property.test.ts holds the two equal.
 * Self-contained on purpose: it runs in the browser, in Deno and in Node.
 */

/** Ajv's length counter: code points, as PostgreSQL's char_length counts them. */
export function ucs2length(str: string): number {
  const len = str.length;
  let length = 0;
  let pos = 0;
  let value: number;
  while (pos < len) {
    length++;
    value = str.charCodeAt(pos++);
    if (value >= 0xd800 && value <= 0xdbff && pos < len) {
      value = str.charCodeAt(pos);
      if ((value & 0xfc00) === 0xdc00) pos++;
    }
  }
  return length;
}

/**
 * Text that shows nothing: invisible format characters (zero-width spaces and joiners, direction marks,
 * the byte order mark) and the blank letters fonts draw as nothing (Hangul fillers, the blank Braille
 * pattern). An answer of only these is no answer: staff would read an empty name.
 */
export const INVISIBLE_ONLY = '^[\\p{Cf}\\u115F\\u1160\\u3164\\uFFA0\\u2800]+$';

/**
 * What a typed answer means: a half of a surrogate pair becomes U+FFFD (as UTF-8 on the way to the
 * database makes it), white space as JavaScript knows it is trimmed, and nothing left, or nothing
 * visible, means no answer.
 */
export function formText(value: string): string | undefined {
  const text = value.replace(/\p{Cs}/gu, '\uFFFD').trim();
  return text && !new RegExp(INVISIBLE_ONLY, 'u').test(text) ? text : undefined;
}

/** Text PostgreSQL cannot store at all: it has no NUL character. */
export function unsaveableText(value: unknown): boolean {
  return typeof value === 'string' && value.includes('\u0000');
}

/** A submission as the rules see it: every text answer through formText; unanswered fields left out. */
export function normaliseAnswers(data: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [field, raw] of Object.entries(data)) {
    const value = typeof raw === 'string' ? formText(raw) : raw;
    if (value !== undefined && value !== null) result[field] = value;
  }
  return result;
}
