import { useState } from 'react';

/** A typed submit handler; the page that shows the form decides where the data goes. */
export type SubmitHandler<T> = (data: T) => Promise<{ reset: boolean }>;

/** Runs one submission at a time: a second press while busy does nothing. */
export function useSubmission<T>(handler: SubmitHandler<T>, onReset: () => void) {
  const [busy, setBusy] = useState(false);
  const submit = async (data: T) => {
    if (busy) return;
    setBusy(true);
    try {
      const { reset } = await handler(data);
      if (reset) onReset();
    } finally {
      setBusy(false);
    }
  };
  return { busy, submit };
}
