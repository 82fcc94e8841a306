import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { createBrowserRouter, Link, RouterProvider, StaticRouter, useSearchParams } from 'react-router-dom';
import { defineIsland } from '../../components/island';
import { SignInGate, useViewTitle } from '../../components/signed-in-page';
import { useAccount } from '../../lib/account/account-context';
import { SUBMISSION_PARAM } from './inbox-filter-params';
import { InboxView } from './inbox-view';
import { SubmissionView } from './submission-view';
import { useInboxNews, useUnreadTitle } from './inbox-news';

/**
 * /staff: the staff workspace (docs/decisions/019). Its prerendered HTML is only the signed-out gate;
 * the inbox is read in the browser, through the signed-in staff member's session, and the database
 * decides what they may read (row level security), whatever this page shows.
 */
function Gate() {
  const { user, loading, signOut } = useAccount();
  const [params] = useSearchParams();
  if (loading) return <Text aria-live="polite">Checking your sign-in…</Text>;
  if (!user) return <SignInGate why="Sign in with a staff account to see every contact inquiry, assessment and enrolment." />;
  if (!user.staff) {
    return (
      <Alert color="gray" title="This account is not a staff account">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            You are signed in as {user.email}. If you work with us, ask the person who runs this site to make this account a staff account, then sign out and in again.
          </Text>
          <Button size="xs" variant="default" onClick={() => void signOut()}>
            Sign Out
          </Button>
        </Stack>
      </Alert>
    );
  }
  const id = params.get(SUBMISSION_PARAM);
  if (id) return <SubmissionView key={id} id={id} />;
  return <StaffViews overview={params.get('view') === 'overview'} />;
}

/** Inbox or overview, each with its own heading and tab title. */
function StaffViews({ overview }: { overview: boolean }) {
  const heading = overview ? 'Staff Overview' : 'Staff Inbox';
  useViewTitle(heading, useUnreadTitle(heading));
  return (
    <Stack gap="lg">
      <ViewLinks overview={overview} />
      {overview ? (
        <Suspense fallback={<Text aria-live="polite">Loading the overview…</Text>}>
          <OverviewView />
        </Suspense>
      ) : (
        <InboxView />
      )}
    </Stack>
  );
}

// The charts (Recharts) come when staff first open the overview, not with the inbox.
const OverviewView = lazy(() => import('./overview-view').then((module) => ({ default: module.OverviewView })));

/**
 * Inbox and overview, as two links: each view has its own address, so Back and a shared link work. While
 * follow-ups are due, a third link lists them (the inbox's "Show: Due for follow-up").
 */
function ViewLinks({ overview }: { overview: boolean }) {
  const news = useInboxNews();
  const unread = news?.unread;
  return (
    <Group component="nav" aria-label="Staff views" gap="xs">
      <Button component={Link} to="/staff" variant={overview ? 'default' : 'filled'} aria-current={overview ? undefined : 'page'}>
        {unread ? `Inbox (${unread} unread)` : 'Inbox'}
      </Button>
      <Button component={Link} to="/staff?view=overview" variant={overview ? 'filled' : 'default'} aria-current={overview ? 'page' : undefined}>
        Overview
      </Button>
      {news?.due ? (
        <Button component={Link} to="/staff?due=1" variant="default" color="red.9" c="red.9">
          {`Due (${news.due})`}
        </Button>
      ) : null}
    </Group>
  );
}

/**
 * The workspace keeps its filter and the open submission in the address, as links and Back expect. In the
 * browser it is a data router, the kind that can hold a navigation back while a change is unsaved.
 */
function StaffRouter({ children }: { children: ReactNode }) {
  return typeof window === 'undefined' ? <StaticRouter location="/staff">{children}</StaticRouter> : <BrowserStaffRouter>{children}</BrowserStaffRouter>;
}

function BrowserStaffRouter({ children }: { children: ReactNode }) {
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: children }]));
  return <RouterProvider router={router} />;
}

export default defineIsland('staff/staff', () => (
  <StaffRouter>
    <Gate />
  </StaffRouter>
));
