import { Badge, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { defineIsland } from '../../components/island';
import { SignInGate } from '../../components/signed-in-page';
import { FormResultsView } from '../../components/forms/form-results';
import { useAccount } from '../../lib/account/account-context';
import { keepSentSubmissions } from '../../lib/account/kept-submissions';
import { loadBackend } from '../../lib/backend/load';
import { mySubmissions, type SentSubmission } from './my-submissions';
import { DeleteAccount } from './delete-account';
import { YourCourses, type CourseMaterials } from './your-courses';
import { MemberFileList } from '../../components/member-file-list';
import { memberBuckets } from '../../lib/account/member-buckets';
import type { MemberFile } from '../../config/site-types';

/** What an account unlocks, from site.config.ts (src/features/account/account-page.tsx). */
type AccountProps = { courses: CourseMaterials[]; coursesPage: string; memberResources: MemberFile[] };
import { download, yourData } from './your-data';

// The form engine comes only for a member whose details are shown, not with the page for everyone.
const YourDetails = lazy(() => import('./your-details').then((module) => ({ default: module.YourDetails })));

const sentAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; sent: SentSubmission[] };

/** Read once per member (keyed by their id): another member signing in starts afresh. */
function WhatYouSent() {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    loadBackend()
      // What this browser sent before signing in is kept first, where the address matches (decision 041).
      .then(async (client) => (await keepSentSubmissions(client), client))
      .then(mySubmissions)
      .then(
        (sent): Loaded => ({ state: 'ready', sent }),
        (error: unknown): Loaded => ({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
      )
      .then((result) => current && setLoaded(result));
    return () => {
      current = false;
    };
  }, []);
  if (loaded.state === 'loading') return <Text aria-live="polite">Loading what you sent…</Text>;
  if (loaded.state === 'failed') return <Text role="alert">What you sent could not be loaded: {loaded.message}</Text>;
  if (!loaded.sent.length) {
    return <Text>Nothing yet. The messages, assessments and enrolments you send while signed in are listed here.</Text>;
  }
  return (
    <Stack gap="md" component="ul" aria-label="What you sent" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {loaded.sent.map((submission) => (
        <Card component="li" key={submission.id} withBorder padding="lg" radius="md">
          <Group justify="space-between" align="flex-start" mb="sm">
            <div>
              <Title order={3} size="h4">
                {submission.title}
              </Title>
              <Text size="sm" c="dimmed">
                Sent {sentAt.format(submission.sentAt)}
              </Text>
            </div>
            <Badge variant="light" size="lg" aria-label={`Status: ${submission.state}`}>
              {submission.state}
            </Badge>
          </Group>
          <dl style={{ margin: 0 }}>
            {submission.rows.map((row) => (
              <div key={row.field} style={{ marginBottom: 'var(--mantine-spacing-xs)' }}>
                <Text component="dt" size="sm" fw={600}>
                  {row.label}
                </Text>
                <Text component="dd" size="sm" m={0} c={row.state === 'answered' ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {row.value}
                </Text>
              </div>
            ))}
          </dl>
          {submission.results && (
            <Box mt="md">
              <FormResultsView results={submission.results.results} answers={submission.results.answers} order={4} />
            </Box>
          )}
        </Card>
      ))}
    </Stack>
  );
}

/**
 * /account: what a signed-in member has sent (docs/decisions/038). Its prerendered HTML is only the
 * signed-out gate; everything else is read in the browser through the member's own session, and the
 * database gives each member only their own submissions, whatever this page shows.
 */
function Account({ courses, coursesPage, memberResources }: AccountProps) {
  const { user, loading, signOut, openAuthDialog } = useAccount();
  const [deleted, setDeleted] = useState<number | null>(null);
  if (deleted !== null) {
    return (
      <Stack gap="sm" role="status">
        <Title order={2}>Your account is deleted</Title>
        <Text>
          {deleted === 0
            ? 'Your sign-in and your details are gone.'
            : `Your sign-in, your details and ${deleted === 1 ? 'the submission' : `the ${deleted} submissions`} you sent while signed in are gone.`}
        </Text>
      </Stack>
    );
  }
  if (loading) return <Text aria-live="polite">Checking your sign-in…</Text>;
  if (!user) return <SignInGate why="Sign in to see the messages, assessments and enrolments you have sent us, and where each one stands." />;
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Text>
          Signed in as <strong>{user.email}</strong>
        </Text>
        <Button variant="default" onClick={() => void signOut()}>
          Sign Out
        </Button>
      </Group>
      <Title order={2}>What you sent</Title>
      <WhatYouSent key={user.id} />
      <Title order={2}>Your courses</Title>
      <YourCourses key={user.id} courses={courses} coursesPage={coursesPage} />
      <Title order={2}>Members&apos; resources</Title>
      <Text>Toolkits and templates for your organization, free with your account.</Text>
      <MemberFileList bucket={memberBuckets.memberResources} files={memberResources} signedIn label="Members' resources" />
      <Title order={2}>Your details</Title>
      <Suspense fallback={<Text aria-live="polite">Loading your details…</Text>}>
        <YourDetails key={user.id} userId={user.id} />
      </Suspense>
      <Title order={2}>Your email</Title>
      <Stack gap="xs" align="flex-start">
        <Text>You sign in, and we write to you, at {user.email}. A new address takes effect once you open the links we send to it and to this one.</Text>
        <Button variant="default" onClick={() => openAuthDialog('change-email')}>
          Change your email
        </Button>
      </Stack>
      <Title order={2}>Your password</Title>
      <Stack gap="xs" align="flex-start">
        <Text>Change the password you sign in with. Anywhere else you are signed in, you will need the new one.</Text>
        <Button variant="default" onClick={() => openAuthDialog('change-password')}>
          Change your password
        </Button>
      </Stack>
      <Title order={2}>Your data</Title>
      <DownloadYourData />
      <Title order={2}>Delete your account</Title>
      <DeleteAccount onDeleted={setDeleted} />
    </Stack>
  );
}

function DownloadYourData() {
  const [state, setState] = useState<{ busy: boolean; failed: string | null }>({ busy: false, failed: null });
  const save = async () => {
    setState({ busy: true, failed: null });
    try {
      download(await yourData(await loadBackend()), `keystone-impact-account-${new Date().toISOString().slice(0, 10)}.json`);
      setState({ busy: false, failed: null });
    } catch (error) {
      setState({ busy: false, failed: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <Stack gap="xs" align="flex-start">
      <Text>Everything we hold about your account, your details and what you sent, in one file (JSON).</Text>
      <Button variant="default" disabled={state.busy} onClick={() => void save()}>
        {state.busy ? 'Preparing your data…' : 'Download your data'}
      </Button>
      {state.failed && <Text role="alert">Your data could not be downloaded: {state.failed}</Text>}
    </Stack>
  );
}

export default defineIsland<AccountProps>('account/account', (props) => <Account {...props} />);
