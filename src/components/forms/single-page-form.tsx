import { Group } from '@mantine/core';
import { useState } from 'react';
import { useAnswersKeptOverDevReload } from './dev-reload';
import type { FormDefinition } from './form-definition';
import { useHoneypot } from './honeypot';
import type { FormData } from './normalise';
import { usePrefillInto, withProfile } from './prefill';
import { SchemaForm } from './schema-form';
import { SubmitButton } from './submit-button';
import { useSubmission, type SubmitHandler } from './use-submission';

interface SinglePageFormProps<T> {
  form: FormDefinition;
  onSubmit: SubmitHandler<T>;
  /** Answers chosen for the visitor (from the address), applied over what is there. */
  prefill?: FormData | null;
  /** Answers from a signed-in member's profile, shown in questions that hold nothing of theirs (withProfile). */
  profile?: FormData | null;
}

/** A one-page form from its schema: every question, one submit button, cleared after a full success. */
export function SinglePageForm<T>({ form, onSubmit, prefill, profile }: SinglePageFormProps<T>) {
  const [data, setData] = useState<FormData>({});
  const honeypot = useHoneypot();
  const { busy, submit } = useSubmission(onSubmit, () => setData({}), honeypot.isBot);
  usePrefillInto(prefill, (answers) => setData((current) => ({ ...current, ...answers })));
  useAnswersKeptOverDevReload(form.id, Object.keys(form.schema.properties ?? {}), data, setData);
  return (
    <SchemaForm form={form} formData={withProfile(profile, data)} onChange={setData} onValid={(valid) => void submit(valid as T)} disabled={busy}>
      {honeypot.field}
      <Group mt="lg">
        <SubmitButton uiSchema={form.uiSchema} busy={busy} size="md" />
      </Group>
    </SchemaForm>
  );
}
