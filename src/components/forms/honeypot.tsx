import { useRef } from 'react';

/**
 * A field people never see or reach (off-screen, out of the tab order, hidden from screen readers) and
 * form-filling bots fill in. The form then pretends to succeed and sends nothing.
 */
export function useHoneypot() {
  const ref = useRef<HTMLInputElement>(null);
  const field = (
    <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
      <label>
        Website (leave empty)
        <input ref={ref} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
  return { field, isBot: () => Boolean(ref.current?.value) };
}
