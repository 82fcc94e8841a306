/** A sender's address, isolated (bdi), each part kept whole with one chance to wrap: before its @, never inside a word. */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <bdi>
      {at <= 0 ? (
        <span style={{ whiteSpace: 'nowrap' }}>{email}</span>
      ) : (
        <>
          <span style={{ whiteSpace: 'nowrap' }}>{email.slice(0, at)}</span>
          <wbr />
          <span style={{ whiteSpace: 'nowrap' }}>{email.slice(at)}</span>
        </>
      )}
    </bdi>
  );
}
