import { Button, Stack, Text } from '@mantine/core';
import { use, useState } from 'react';
import type { Answers } from '../../../form-model/conditions';
import type { FormResults } from '../../../form-model/results';
import { FormResultsView } from '../../components/forms/form-results';
import { SmartAnchor } from '../../components/smart-link';
import { useAccount } from '../../lib/account/account-context';
import { ACCOUNT_PATH } from '../../lib/account/account-path';

type Load = () => Promise<{ default: FormResults }>;
const loading = new WeakMap<Load, Promise<FormResults | null>>();
/** One load per form's results, kept across renders (what `use` needs); one that fails shows nothing, and the next send tries again. */
const loaded = (load: Load) => {
  let promise = loading.get(load);
  if (!promise) {
    promise = load().then(
      (module) => module.default,
      () => {
        loading.delete(load);
        return null;
      },
    );
    loading.set(load, promise);
  }
  return promise;
};

/**
 * The results of what was just sent, with where they are kept: on the account page for a member; for a
 * visitor, the offer to keep them there by signing in from this browser with the address they gave.
 */
export default function SentResults({ load, answers }: { load: Load; answers: Answers }) {
  const results = use(loaded(load));
  const { user, openAuthDialog } = useAccount();
  // Sent signed in, it is the member's already; signed in since, it is kept if the address matches.
  const [sentBy] = useState(user?.id ?? null);
  if (!results) return null;
  return (
    <FormResultsView results={results} answers={answers} order={3}>
      {user && user.id === sentBy ? (
        <Text size="sm">
          They are kept with what you sent, on <SmartAnchor to={ACCOUNT_PATH}>your account page</SmartAnchor>.
        </Text>
      ) : user ? (
        <Text size="sm">
          Signed in with the address you gave, you find them with what you sent, on <SmartAnchor to={ACCOUNT_PATH}>your account page</SmartAnchor>.
        </Text>
      ) : (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Keep them in an account: sign in, or create one, with the address you gave, on this device within a week, and they wait for you on your account page.</Text>
          <Button variant="default" onClick={() => openAuthDialog('sign-up')}>
            Keep them in an account
          </Button>
        </Stack>
      )}
    </FormResultsView>
  );
}
