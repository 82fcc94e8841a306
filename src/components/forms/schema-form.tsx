import { ThemedForm as Form } from './form-theme';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { useMemo, useState, type ReactNode } from 'react';
import { showToast } from '../toast';
import { fieldElementId } from './field-element-id';
import type { FormDefinition, FormStep } from './form-definition';
import type { FormData } from './normalise';
import { askedFor, checkAnswers, type Problem } from './problems';

export interface SchemaFormProps {
  /** A generated form definition: its schema, UI, messages and precompiled validator. */
  form: FormDefinition;
  /** A wizard step of that form: only its questions are shown and checked, and {step} in messages. */
  step?: FormStep;
  /** The whole form's answers (a step's conditions may name answers of other steps). */
  formData: FormData;
  /** Called with the whole form's answers, those to questions no longer asked taken out. */
  onChange: (data: FormData) => void;
  /** Called with the whole form's answers, trimmed, defaulted and without those not asked, when they pass every rule. */
  onValid: (data: FormData) => void;
  disabled?: boolean;
  /** The buttons: they submit this form. */
  children: ReactNode;
}

/**
 * Required fields get RJSF's "*"; optional ones say "(optional)" after their label. Both come from the
 * schema's "required" list, so a title never has to say it (the generator refuses one that does).
 */
function withOptionalMarks(schema: RJSFSchema, uiSchema: UiSchema): UiSchema {
  const required = new Set(schema.required ?? []);
  const marked: UiSchema = { ...uiSchema };
  for (const [field, definition] of Object.entries(schema.properties ?? {})) {
    // A box is answered either way (ticked or not), so it is never marked optional.
    if (required.has(field) || typeof definition !== 'object' || !definition.title || definition.type === 'boolean') continue;
    const own = (uiSchema[field] ?? {}) as UiSchema;
    marked[field] = { ...own, 'ui:title': `${String(own['ui:title'] ?? definition.title)} (optional)` };
  }
  return marked;
}

function errorSchema(problems: Problem[]): ErrorSchema {
  return Object.fromEntries(problems.map((p) => [p.field, { __errors: [p.toast.message] }])) as ErrorSchema;
}

/**
 * The questions shown for these answers, as the flat schema RJSF renders: the step's (or form's)
 * questions the conditions ask, each required when the conditions make it so. Its text is its identity,
 * so a render that asks the same questions keeps the same schema object.
 */
function useShownSchema(form: FormDefinition, fields: string[], data: FormData): RJSFSchema {
  const { notAsked, required } = askedFor(form, data);
  const shown = fields.filter((field) => !notAsked.has(field));
  const key = JSON.stringify([shown, shown.filter((field) => required.has(field))]);
  return useMemo(() => {
    const [questions, needed] = JSON.parse(key) as [string[], string[]];
    return { $id: form.id, type: 'object', required: needed, properties: Object.fromEntries(questions.map((field) => [field, form.schema.properties![field]!])) } as RJSFSchema;
  }, [form, key]);
}

const pick = (data: FormData, fields: string[]) => Object.fromEntries(Object.entries(data).filter(([field]) => fields.includes(field)));

/**
 * The one form component: RJSF renders the fields the conditions ask with Mantine widgets; the form's
 * precompiled validator and its messages file decide what is wrong. Problems show at each field
 * (aria-invalid, aria-describedby), the first one also as a toast, and focus moves to that field. An
 * answer to a question that stops being asked is taken out at once, so it is neither shown nor sent.
 */
export function SchemaForm(props: SchemaFormProps) {
  const { form, step, formData, onChange, onValid, disabled, children } = props;
  // RJSF names each input `${idPrefix}_${field}`: fieldElementId.
  const idPrefix = form.id;
  const { uiSchema } = form;
  const fields = step?.fields ?? Object.keys(form.schema.properties ?? {});
  const schema = useShownSchema(form, fields, formData);
  const shownFields = Object.keys(schema.properties ?? {});
  const validator = useMemo(() => createPrecompiledValidator(form.validators, schema), [form.validators, schema]);
  const [problems, setProblems] = useState<Problem[]>([]);
  const check = (data: FormData) => checkAnswers(form, step, data);

  // The form's own title and description are page copy, not part of the form.
  const formUi = useMemo(() => ({ ...withOptionalMarks(schema, uiSchema), 'ui:title': '', 'ui:description': '', 'ui:submitButtonOptions': { norender: true } }), [schema, uiSchema]);

  /** The whole form's answers after RJSF reported the shown ones. */
  const merged = (shown: FormData) => {
    const next = { ...formData };
    for (const field of shownFields) {
      if (shown[field] === undefined) delete next[field];
      else next[field] = shown[field];
    }
    for (const field of askedFor(form, next).notAsked) delete next[field];
    return next;
  };

  return (
    <Form
      schema={schema}
      uiSchema={formUi}
      formData={pick(formData, shownFields)}
      validator={validator}
      idPrefix={idPrefix}
      // Submitting is the script's job: without one, a dialog-method form outside a dialog never sends
      // (and never puts the answers into the address, as a GET would).
      method="dialog"
      noValidate
      // A choice the visitor has not made stays empty, so "no subject" is caught instead of defaulting to the first option.
      experimental_defaultFormStateBehavior={{ constAsDefaults: 'never', emptyObjectFields: 'skipDefaults' }}
      noHtml5Validate
      showErrorList={false}
      disabled={disabled}
      extraErrors={errorSchema(problems)}
      onChange={({ formData: shown }) => {
        const next = merged(shown as FormData);
        onChange(next);
        // Once a problem is shown, it clears as soon as the field is fixed; untouched fields stay quiet.
        if (problems.length) {
          const shownProblems = new Set(problems.map((p) => p.field));
          setProblems(check(next).filter((p) => shownProblems.has(p.field)));
        }
      }}
      onSubmit={({ formData: shown }) => {
        const submitted = merged(shown as FormData);
        const found = check(submitted);
        setProblems(found);
        const first = found[0];
        if (!first) {
          onValid(askedFor(form, submitted).answers);
          return;
        }
        void showToast({ title: first.toast.title, description: first.toast.message, variant: 'destructive' });
        requestAnimationFrame(() => document.getElementById(fieldElementId(idPrefix, first.field))?.focus());
      }}
    >
      {children}
    </Form>
  );
}
