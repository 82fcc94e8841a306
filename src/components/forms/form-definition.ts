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

export interface FormPage {
  path: string;
  title: string;
  heading: string;
  description: string;
  eyebrow: string;
  intro: string;
  formTitle: string;
  formIntro?: string;
  /** A side card with the site's email address. */
  aside?: { title: string; body: string };
  footnote?: { text: string; link: { label: string; to: string } };
  linkedFrom?: string;
}

export interface FormToasts {
  saved: { title: string; description: string };
  saveFailed: { title: string; description: string };
  notified: { title: string; description: string };
  notifyFailed: { title: string; description: string };
}
