import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

/** A toast: what a visitor reads when a form cannot go on. */
export interface FormMessage {
  title: string;
  /** May use {title} (the field's label), {name} (its name with spaces) and {step} (the step's title). */
  message: string;
}

/** schemas/<form>.messages.json: the texts for each kind of problem, overridable per field. */
export interface FormMessages {
  required: FormMessage;
  fields?: Record<string, Record<string, FormMessage>>;
}

export interface FormStep {
  title: string;
  fields: string[];
  /** The step's part of the form schema, with its own precompiled validator. */
  schema: RJSFSchema;
  validators: ValidatorFunctions;
}

/** Everything the form components need, generated from schemas/ by `npm run generate`. */
export interface FormDefinition {
  id: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  messages: FormMessages;
  validators: ValidatorFunctions;
  /** The table a submission is saved in (schemas/forms.json), or null when it is not stored. */
  table: string | null;
  /** The formType send-form-notification emails staff under, or null when staff are not told. */
  notification: { formType: string } | null;
  /** Wizard steps, in order, or null for a single-page form. */
  steps: FormStep[] | null;
  /** Its own page (schemas/forms.json "page"), or null for a form shown elsewhere (the account dialog). */
  page: FormPage | null;
  /** What a visitor reads after sending, with {error} filled in by the server's explanation. */
  toasts: FormToasts | null;
}

/** A form's own page ("page" in schemas/forms.json), shown by the one generic form page. */
export interface FormPage {
  path: string;
  /** The document title, before the site name. */
  title: string;
  /** The page's one h1. */
  heading: string;
  /** The meta description. */
  description: string;
  eyebrow: string;
  /** The sentence under the heading. */
  intro: string;
  /** The heading above the form, and an optional sentence under it. */
  formTitle: string;
  formIntro?: string;
  /** A side card beside the form with the site's email address. */
  aside?: { title: string; body: string };
  /** A line under the form pointing elsewhere: "<text> <link>". */
  footnote?: { text: string; link: { label: string; to: string } };
  /**
   * An option list of site.config.ts whose entries' pages link here, each with itself chosen
   * (a course page's "Sign Up Now" opens /enrol?course=<slug>).
   */
  linkedFrom?: string;
  /**
   * What stays on the page once the form is sent (its toasts leave after a few seconds): a heading that
   * takes focus, what happens next, and the button that brings back an empty form.
   */
  sent?: { title: string; body: string; again: string };
}

/** What a visitor reads after sending ("toasts" in schemas/forms.json); failures may name {error}. */
export interface FormToasts {
  saved: { title: string; description: string };
  saveFailed: { title: string; description: string };
  notified: { title: string; description: string };
  notifyFailed: { title: string; description: string };
}
