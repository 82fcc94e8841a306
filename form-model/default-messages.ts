/**
 * What a visitor reads when an answer breaks a rule its messages file has no text for. Imported by the
 * form engine and by the generator (which lets a messages file use {limit} only where there is one).
 */

/** Rules with a number a visitor can act on: their messages may say it, as {limit}. */
export const LIMIT_KEYWORDS = ['maxLength', 'minLength', 'minimum', 'maximum'];

const DEFAULTS: Record<string, string> = {
  maxLength: '{title} can be at most {limit} characters.',
  minLength: '{title} needs at least {limit} characters.',
  minimum: '{title} must be at least {limit}.',
  maximum: '{title} must be at most {limit}.',
};

/** The default message for a rule other than "required" (whose default is the messages file's own). */
export const defaultMessage = (keyword: string) => DEFAULTS[keyword] ?? 'Please check {title}.';
