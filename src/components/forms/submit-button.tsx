import { Button, type ButtonProps } from '@mantine/core';
import type { UiSchema } from '@rjsf/utils';

/** The submit button's two texts come from the form's UI schema: "Send Message" / "Sending...". */
export function submitTexts(uiSchema: UiSchema) {
  const options = uiSchema['ui:submitButtonOptions'] as { submitText?: string } | undefined;
  return { idle: options?.submitText ?? 'Submit', busy: (uiSchema['ui:busyText'] as string | undefined) ?? 'Submitting...' };
}

export function SubmitButton({ uiSchema, busy, ...props }: ButtonProps & { uiSchema: UiSchema; busy: boolean }) {
  const texts = submitTexts(uiSchema);
  // Enabled in the prerendered page: a press before the form's code arrives is answered from the page or
  // held (src/loader/held-presses.ts), and without JavaScript the form cannot send at all (method="dialog", SchemaForm).
  return (
    <Button type="submit" disabled={busy} aria-busy={busy} {...props}>
      {busy ? texts.busy : texts.idle}
    </Button>
  );
}
