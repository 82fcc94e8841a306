import '@mantine/core/styles/Alert.css';
import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useAccount } from '../../lib/account/account-context';
import { SUBMISSION_PARAM } from './inbox-filter-params';
import { InboxView } from './inbox-view';
import { SubmissionView } from './submission-view';

/**
 * /staff: the staff workspace (docs/decisions/019). Its prerendered HTML is only this gate in its
 * "checking" state; the inbox is read in the browser, through the signed-in staff member's session,
 * and the database decides what they may read (row level security), whatever this page shows.
 */
function Gate() {
  const { user, loading, openAuthDialog, signOut } = useAccount();
  const [params] = useSearchParams();
  if (loading) {
    return (
      <>
        <Text aria-live="polite">Checking your sign-in…</Text>
        <noscript>
          <Text>The staff inbox needs JavaScript.</Text>
        </noscript>
      </>
    );
  }
  if (!user) {
    return (
      <Stack align="flex-start">
        <Text>Sign in with a staff account to see every contact inquiry, assessment and enrolment.</Text>
        <Button onClick={() => openAuthDialog('sign-in')}>Sign In</Button>
      </Stack>
    );
  }
  if (!user.staff) {
    return (
      <Alert color="gray" title="This account is not a staff account">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            You are signed in as {user.email}. Someone who manages the site can make you staff with <code>npm run staff:add {user.email}</code>;
            then sign out and in again.
          </Text>
          <Button size="xs" variant="default" onClick={() => void signOut()}>
            Sign Out
          </Button>
        </Stack>
      </Alert>
    );
  }
  const id = params.get(SUBMISSION_PARAM);
  return id ? <SubmissionView key={id} id={id} /> : <InboxView />;
}

export default function StaffPage({ heading }: { heading: string }) {
  return (
    <Container size="lg" py="xl" component="section" aria-labelledby="page-title">
      <Stack gap="lg">
        <Title order={1} id="page-title" tabIndex={-1}>
          {heading}
        </Title>
        <Gate />
      </Stack>
    </Container>
  );
}
