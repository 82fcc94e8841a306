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

/** What a wrong kind of answer reads, by the question's type. */
const TYPE_DEFAULTS: Record<string, string> = {
  integer: '{title} must be a whole number, such as 12.',
  number: '{title} must be a number, such as 12 or 2.5.',
};

/** The default message for a rule other than "required" (whose default is the messages file's own), for a question of `type`. */
export const defaultMessage = (keyword: string, type?: unknown) => (keyword === 'type' && TYPE_DEFAULTS[String(type)]) || DEFAULTS[keyword] || 'Please check {title}.';
