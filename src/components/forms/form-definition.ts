import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { FormResults } from '../../../form-model/results';
import type { OptIn } from '../../../form-model/notification-form';

// The files' own shapes, generated from the shapes the generator checks them with (one forms model).
export type { FormMessage, FormMessages, FormPage, FormToasts } from '../../../form-model/generated/form-files';
import type { FormMessages, FormPage, FormToasts } from '../../../form-model/generated/form-files';

/** A rule a field may have its own message for (messages.json "fields"). Ajv may report others, which have none. */
export type MessageKeyword = keyof NonNullable<NonNullable<FormMessages['fields']>[string]>;

export interface FormStep {
  /** What the funnel counts the step by (schemas/<form>.steps.json "key"): it stays when the title changes. */
  key: string;
  title: string;
  /** Its questions, in order; those the form's conditions leave out are not shown (form-model/conditions.ts). */
  fields: string[];
}

/** Everything the form components need, generated from schemas/ by `npm run generate`. */
export interface FormDefinition {
  /** Its name in schemas/forms.json ("event-registration"): what the site, the funnel and /staff know it by. */
  name: string;
  /** Its schema's $id ("event_registration"): what its validators and field ids start with. */
  id: string;
  /** The form's schema in its canonical shape: every question at the top, conditions in `allOf` (form-model/conditions.ts). */
  schema: RJSFSchema;
  uiSchema: UiSchema;
  messages: FormMessages;
  validators: ValidatorFunctions;
  /** The table a submission is saved in (schemas/forms.json), or null when it is not stored. */
  table: string | null;
  /**
   * The formType send-form-notification emails staff under, or null when staff are not told; for a double
   * opt-in form, what its page says when the email's links open it (?confirm= or ?unsubscribe=).
   */
  notification: { formType: string; optIn?: Omit<OptIn, 'subject' | 'page'> } | null;
  /** Wizard steps, in order, or null for a single-page form. */
  steps: FormStep[] | null;
  /** Its own page (schemas/forms.json "page"), or null for a form shown elsewhere (the account dialog). */
  page: FormPage | null;
  /** What a visitor reads after sending, with {error} filled in by the server's explanation. */
  toasts: FormToasts | null;
  /** Questions a signed-in member finds filled in from their profile: the profile's table, and each question's profile column. */
  fromProfile: { table: string; fields: Record<string, string> } | null;
  /**
   * For the form whose answers become the member's profile ("ownedByUser"): that table, and the questions
   * the member may change there later (not the account's address, nothing that never reaches the table).
   */
  profile: { table: string; editable: string[] } | null;
  /**
   * What the form suggests from a sender's answers (schemas/<form>.results.json), shown once it is sent:
   * loaded then, in a file of its own; null when it suggests nothing.
   */
  results: (() => Promise<{ default: FormResults }>) | null;
}
