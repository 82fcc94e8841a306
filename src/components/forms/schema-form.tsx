import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SimpleGrid.css';
import { ThemedForm as Form } from './form-theme';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { useMemo, useState, type ReactNode } from 'react';
import { showToast } from '../toast';
import type { FormDefinition, FormStep } from './form-definition';
import { normalise, type FormData } from './normalise';
import { checkAnswers, type Problem } from './problems';

export interface SchemaFormProps {
  /** A generated form definition: its schema, UI, messages and precompiled validators. */
  form: FormDefinition;
  /** A wizard step of that form: its part of the schema, its validator, and {step} in messages. */
  step?: FormStep;
  formData: FormData;
  onChange: (data: FormData) => void;
  /** Called with trimmed, defaulted data that passed every rule. */
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
    if (required.has(field) || typeof definition !== 'object' || !definition.title) continue;
    const own = (uiSchema[field] ?? {}) as UiSchema;
    marked[field] = { ...own, 'ui:title': `${String(own['ui:title'] ?? definition.title)} (optional)` };
  }
  return marked;
}

function errorSchema(problems: Problem[]): ErrorSchema {
  return Object.fromEntries(problems.map((p) => [p.field, { __errors: [p.toast.message] }])) as ErrorSchema;
}

/**
 * The one form component: RJSF renders the fields from the schema with Mantine widgets; the schema's
 * precompiled validator and its messages file decide what is wrong. Problems show at each field
 * (aria-invalid, aria-describedby), the first one also as a toast, and focus moves to that field.
 */
export function SchemaForm(props: SchemaFormProps) {
  const { form, step, formData, onChange, onValid, disabled, children } = props;
  // Field ids start with the form's id, so two forms on a page never clash.
  const idPrefix = form.id;
  const { uiSchema } = form;
  const schema = step?.schema ?? form.schema;
  const validators = step?.validators ?? form.validators;
  const validator = useMemo(() => createPrecompiledValidator(validators, schema), [validators, schema]);
  const [problems, setProblems] = useState<Problem[]>([]);
  const check = (data: FormData) => checkAnswers(form, step, data);

  // The form's own title and description are page copy, not part of the form.
  const formUi = useMemo(() => ({ ...withOptionalMarks(schema, uiSchema), 'ui:title': '', 'ui:description': '', 'ui:submitButtonOptions': { norender: true } }), [schema, uiSchema]);

  return (
    <Form
      schema={schema}
      uiSchema={formUi}
      formData={formData}
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
      onChange={({ formData: next }) => {
        onChange(next as FormData);
        // Once a problem is shown, it clears as soon as the field is fixed; untouched fields stay quiet.
        if (problems.length) {
          const shown = new Set(problems.map((p) => p.field));
          setProblems(check(next as FormData).filter((p) => shown.has(p.field)));
        }
      }}
      onSubmit={({ formData: submitted }) => {
        const found = check(submitted as FormData);
        setProblems(found);
        const first = found[0];
        if (!first) {
          onValid(normalise(schema, submitted as FormData));
          return;
        }
        void showToast({ title: first.toast.title, description: first.toast.message, variant: 'destructive' });
        requestAnimationFrame(() => document.getElementById(`${idPrefix}_${first.field}`)?.focus());
      }}
    >
      {children}
    </Form>
  );
}
