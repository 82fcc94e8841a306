import { useRef, useState } from 'react';

/** A typed submit handler; the page that shows the form decides where the data goes. */
export type SubmitHandler<T> = (data: T, context: { bot: boolean }) => Promise<{ reset: boolean }>;

/**
 * Runs one submission at a time: a second press while busy does nothing. `isBot` reads the form's
 * honeypot, if it has one.
 */
export function useSubmission<T>(handler: SubmitHandler<T>, onReset: () => void, isBot: () => boolean = () => false) {
  const [busy, setBusy] = useState(false);
  // A ref, not state: two presses in the same frame both see the first one's flag.
  const running = useRef(false);
  const submit = async (data: T) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      const { reset } = await handler(data, { bot: isBot() });
      if (reset) onReset();
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, submit };
}
