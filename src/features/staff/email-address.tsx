import type { CSSProperties } from 'react';

/**
 * One part of an address: as wide as its text (so a table sizing its columns keeps it whole), never
 * wider than its container (so a phone's page does not overflow), broken anywhere only then. A link's
 * underline does not reach into an inline block by itself, so the part takes it from the link.
 */
const PART: CSSProperties = { display: 'inline-block', width: 'max-content', maxWidth: '100%', overflowWrap: 'anywhere', textDecoration: 'inherit' };

/** A sender's address, isolated (bdi), with one chance to wrap between its parts: before its @. */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <bdi style={{ textDecoration: 'inherit' }}>
      {at <= 0 ? (
        <span style={PART}>{email}</span>
      ) : (
        <>
          <span style={PART}>{email.slice(0, at)}</span>
          <wbr />
          <span style={PART}>{email.slice(at)}</span>
        </>
      )}
    </bdi>
  );
}
