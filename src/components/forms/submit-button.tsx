import { Button, type ButtonProps } from '@mantine/core';
import type { UiSchema } from '@rjsf/utils';
import { useEffect, useState } from 'react';

/** The submit button's two texts come from the form's UI schema: "Send Message" / "Sending...". */
export function submitTexts(uiSchema: UiSchema) {
  const options = uiSchema['ui:submitButtonOptions'] as { submitText?: string } | undefined;
  return { idle: options?.submitText ?? 'Submit', busy: (uiSchema['ui:busyText'] as string | undefined) ?? 'Submitting...' };
}

/**
 * True once the page is interactive. Before that a prerendered form would submit natively, as a GET
 * that puts what the visitor typed into the URL, so submit buttons wait for hydration.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- flipping once after hydration is the point
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export function SubmitButton({ uiSchema, busy, ...props }: ButtonProps & { uiSchema: UiSchema; busy: boolean }) {
  const texts = submitTexts(uiSchema);
  const hydrated = useHydrated();
  return (
    <Button type="submit" disabled={busy || !hydrated} aria-busy={busy} {...props}>
      {busy ? texts.busy : texts.idle}
    </Button>
  );
}
