import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { loadBackend } from '../../lib/backend/load';

/**
 * The member deletes their account and everything they sent, after saying so a second time
 * (public.delete_my_account(), docs/decisions/040). The database does it all in one transaction, for
 * the token's own account only; this page then forgets the session it held.
 */
export async function deleteMyAccount(): Promise<number> {
  const supabase = await loadBackend();
  const { data, error } = await supabase.rpc('delete_my_account');
  if (error) throw new Error(error.message);
  // The account is gone on the server; its session here goes too (the server's answer to it is moot).
  await supabase.auth.signOut({ scope: 'local' }).catch(() => {});
  return data;
}

export function DeleteAccount({ onDeleted }: { onDeleted: (submissions: number) => void }) {
  const [step, setStep] = useState<'ask' | 'confirm' | 'busy'>('ask');
  const [failed, setFailed] = useState<string | null>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const remove = async () => {
    setStep('busy');
    setFailed(null);
    try {
      onDeleted(await deleteMyAccount());
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
      setStep('confirm');
    }
  };
  return (
    <Stack gap="xs" align="flex-start">
      <Text>Delete your account, your details and everything you sent while signed in. This cannot be undone.</Text>
      {step === 'ask' ? (
        <Button color="red" variant="outline" onClick={() => (setStep('confirm'), requestAnimationFrame(() => keepRef.current?.focus()))}>
          Delete your account
        </Button>
      ) : (
        <Alert color="red" variant="light" title="Delete your account and everything you sent?" w="100%">
          <Text size="sm" mb="sm">
            Your sign-in, your details and the answers of every message, assessment and enrolment you sent while signed in are deleted for good. Our team
            sees only that a submission was deleted by its sender.
          </Text>
          <Group>
            <Button color="red" loading={step === 'busy'} onClick={() => void remove()}>
              Delete everything
            </Button>
            {/* The focus lands on the choice that loses nothing, as for any question that cannot be undone. */}
            <Button ref={keepRef} variant="default" disabled={step === 'busy'} onClick={() => (setStep('ask'), setFailed(null))}>
              Keep my account
            </Button>
          </Group>
          {failed && (
            <Text role="alert" size="sm" mt="sm">
              Your account could not be deleted: {failed}
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}
