import { Group } from '@mantine/core';
import { useState } from 'react';
import type { FormData } from '../../components/forms/normalise';
import { useHoneypot } from '../../components/forms/honeypot';
import { SchemaForm } from '../../components/forms/schema-form';
import { SubmitButton } from '../../components/forms/submit-button';
import { useSubmission, type SubmitHandler } from '../../components/forms/use-submission';
import { contactForm } from '../../generated/forms/contact';
import type { ContactSubmission } from '../../generated/types';

/** The contact form of schemas/contact.*.json. */
export default function ContactForm({ onSubmit }: { onSubmit: SubmitHandler<ContactSubmission> }) {
  const [data, setData] = useState<FormData>({});
  const honeypot = useHoneypot();
  const { busy, submit } = useSubmission(onSubmit, () => setData({}), honeypot.isBot);
  return (
    <SchemaForm
      form={contactForm}
      formData={data}
      onChange={setData}
      onValid={(valid) => void submit(valid as unknown as ContactSubmission)}
      disabled={busy}
    >
      {honeypot.field}
      <Group mt="lg">
        <SubmitButton uiSchema={contactForm.uiSchema} busy={busy} size="md" />
      </Group>
    </SchemaForm>
  );
}
