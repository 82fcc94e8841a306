import { Alert, Anchor, Button, Group, List, NativeSelect, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { MainWithAside } from '../../components/main-with-aside';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useBlocker, useNavigate, useSearchParams } from 'react-router-dom';
import { useViewTitle } from '../../components/signed-in-page';
import { showToast } from '../../components/toast';
import { reportBackendError } from '../../lib/backend/connection';
import { loadBackend } from '../../lib/backend/load';
import { filterFromParams, paramsFor } from './inbox-filter-params';
import {
  deleteSubmissions,
  markRead,
  neighbours,
  notificationStates,
  sendAssignmentEmail,
  sentReplies,
  staffMembers,
  STATUS_LABELS,
  STATUS_OPTIONS,
  submission,
  updateSubmission,
  type InboxEntry,
  type InboxEvent,
  type InboxFilter,
  type StaffMember,
  type Status,
} from './inbox-query';
import { useAccount } from '../../lib/account/account-context';
import { refreshInboxNews, useUnreadTitle } from './inbox-news';
import { deliveryLabel, formatDay, formatTime, senderLabel } from './staff-labels';
import { answerRows, formTitle, replySubject, staffForms } from './staff-forms';
import { useStaffData } from './use-staff-data';
import { changeSubmissions } from './bulk-changes';
import { EmailAddress } from './email-address';
import { ReplyComposer } from './reply-composer';
import { SentReplies } from './sent-replies';

/** The database's limit on a note (staff_inbox_note_length). */
const NOTE_MAX = 5000;

const statusLabel = (value: string | null) => (value && value in STATUS_LABELS ? STATUS_LABELS[value as Status] : (value ?? 'none'));

/** mailto: keeps the address readable; everything else in it is percent-encoded. */
function mailto(email: string, subject?: string) {
  return `mailto:${email.split('@').map(encodeURIComponent).join('@')}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
}

/** Who deleted a deleted submission: the staff member who did, or its sender. */
const deletedBy = (entry: InboxEntry) => entry.deleted_by ?? 'its sender';

/** What a submission is, in words: its form and who sent it, or who deleted it. */
const titleOf = (entry: InboxEntry) => (entry.email ? `${formTitle(entry.form)} from ${senderLabel(entry)}` : `${formTitle(entry.form)}, deleted by ${deletedBy(entry)}`);

function describe(event: InboxEvent): string {
  if (event.field === 'deleted' && event.new_value === 'by staff') return `${event.actor_email ?? 'A staff member'} deleted it for good: the answers and the note are gone`;
  if (event.field === 'deleted') return 'Its sender deleted it with their account: the answers, the note and the earlier history are gone';
  const who = event.actor_email ?? 'Someone';
  if (event.field === 'spam') return event.new_value ? `${who} marked it as spam` : `${who} took it out of spam`;
  if (event.field === 'status') return `${who} changed the status from ${statusLabel(event.old_value)} to ${statusLabel(event.new_value)}`;
  if (event.field === 'reply') return `${who} replied: “${event.new_value}”`;
  if (event.field === 'follow_up') return event.new_value ? `${who} set a follow-up for ${formatDay(event.new_value)}` : `${who} cleared the follow-up date`;
  if (event.field === 'assignee') return event.new_value ? `${who} assigned it to ${event.new_value}` : `${who} took it from ${event.old_value ?? 'a former staff member'}: nobody has it`;
  return event.new_value ? `${who} set the note to “${event.new_value}”` : `${who} removed the note`;
}

/** An answer as text, or, for an address or a phone number, a link that writes or calls (one tap on a phone). */
function ContactAnswer({ kind, value }: { kind: 'email' | 'tel' | undefined; value: string }) {
  if (kind === 'email')
    return (
      <Anchor href={mailto(value)}>
        <EmailAddress email={value} />
      </Anchor>
    );
  // A number as people write it ("+1 (512) 555-0100 ext. 2") dials as its digits and a leading +, up to any extension.
  const dial = kind === 'tel' ? value.trim().split(/\s*(?:ext\.?|x)\s*(?=\d)/i)[0]!.replace(/(?!^\+)\D/g, '') : '';
  if (dial.replace('+', '').length >= 3)
    return (
      <Anchor href={`tel:${dial}`}>
        <bdi>{value}</bdi>
      </Anchor>
    );
  return <bdi>{value}</bdi>;
}

const LEAVE_QUESTION = 'What you changed or wrote on this page is not saved or sent. Leave without saving?';

/**
 * While `unsaved`, leaving asks first: another submission, the inbox or Back through the router (the
 * question above), a reload or closing the tab through the browser's own.
 */
function useLeaveGuard(unsaved: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.search !== nextLocation.search);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(LEAVE_QUESTION)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
}

/** What a save kept, in words. */
function savedWords(reassigned: boolean, redated: boolean) {
  const parts = ['status', 'note', ...(reassigned ? ['assignment'] : []), ...(redated ? ['follow-up date'] : [])];
  return `The ${parts.slice(0, -1).join(', ')} and ${parts.at(-1)} are saved.`;
}

/** What staff typed in the workflow's fields and have not saved: a field not in it shows the submission's own value. */
interface WorkflowDraft {
  status?: Status;
  note?: string;
  assignee?: string;
  followUp?: string;
}

/**
 * Status, assignee, follow-up date and note. A field shows what staff typed, else the submission's value:
 * when the submission changes under a half-made edit (a reply sent from this page moves it to Replied),
 * the untouched fields follow it and the typed ones stay. Once saved, the saved values show until the
 * reload brings them back, so nothing flickers back to the old ones. Saved together; the database stamps
 * who and when, and keeps the history.
 */
function Workflow({ entry, staff, onSaved, onUnsaved }: { entry: InboxEntry; staff: StaffMember[]; onSaved: () => void; onUnsaved: (unsaved: boolean) => void }) {
  const me = useAccount().user?.id;
  const [draft, setDraft] = useState<WorkflowDraft>({});
  const [justSaved, setJustSaved] = useState<{ base: string | null; values: WorkflowDraft } | null>(null);
  const [saving, setSaving] = useState(false);
  const shown = { ...(justSaved && justSaved.base === entry.updated_at ? justSaved.values : {}), ...draft };
  const status = shown.status ?? entry.status;
  const note = shown.note ?? entry.note ?? '';
  const assignee = shown.assignee ?? entry.assignee_id ?? '';
  const followUp = shown.followUp ?? entry.follow_up_on ?? '';
  const edit = (change: WorkflowDraft) => setDraft((now) => ({ ...now, ...change }));
  const reassigned = assignee !== (entry.assignee_id ?? '');
  const redated = followUp !== (entry.follow_up_on ?? '');
  const changed = status !== entry.status || note.trim() !== (entry.note ?? '') || reassigned || redated;
  // Saved and waiting for the reload: leaving in that moment loses nothing, so it does not ask.
  const unsaved = changed && !saving && Object.keys(draft).length > 0;
  useEffect(() => onUnsaved(unsaved), [unsaved, onUnsaved]);
  const save = async () => {
    setSaving(true);
    try {
      const client = await loadBackend();
      await updateSubmission(client, entry.submission_id, {
        status,
        note: note.trim() || null,
        ...(reassigned ? { assignee_id: assignee || null } : {}),
        ...(redated ? { follow_up_on: followUp || null } : {}),
      });
      setJustSaved({ base: entry.updated_at, values: { status, note: note.trim(), assignee, followUp } });
      setDraft({});
      void showToast({ title: 'Saved', description: savedWords(reassigned, redated) });
      if (redated) void refreshInboxNews();
      // The colleague it went to is emailed now (the outbox would within a minute); nobody is emailed about their own.
      if (reassigned && assignee && assignee !== me) void sendAssignmentEmail(client, entry.submission_id, formTitle(entry.form));
      onSaved();
    } catch (error) {
      void reportBackendError(error, 'Nothing was saved');
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm">
        <NativeSelect label="Status" value={status} onChange={(e) => edit({ status: e.currentTarget.value as Status })} data={STATUS_OPTIONS} />
        <NativeSelect
          label="Assigned to"
          value={assignee}
          onChange={(e) => edit({ assignee: e.currentTarget.value })}
          data={[
            { value: '', label: 'Nobody yet' },
            ...staff.map((member) => ({ value: member.id, label: member.id === me ? `${member.email} (you)` : member.email })),
            // Someone who is no longer staff still shows as who had it, until it is given to another.
            ...(entry.assignee_id && !staff.some((m) => m.id === entry.assignee_id) ? [{ value: entry.assignee_id, label: 'A former staff member' }] : []),
          ]}
        />
        <TextInput
          type="date"
          label="Follow up on"
          description="Due from this day until it is closed; whoever has it gets a reminder by email that morning. Empty: no follow-up."
          min="2000-01-01"
          max="2999-12-31"
          value={followUp}
          onChange={(e) => edit({ followUp: e.currentTarget.value })}
        />
        <Textarea
          label="Internal note"
          description={`Only staff see it. ${note.length} of ${NOTE_MAX} characters.`}
          autosize
          minRows={3}
          maxLength={NOTE_MAX}
          value={note}
          onChange={(e) => edit({ note: e.currentTarget.value })}
        />
        <Button type="submit" loading={saving} disabled={!changed} style={{ alignSelf: 'flex-start' }}>
          Save changes
        </Button>
      </Stack>
    </form>
  );
}

/** Back to the list with this submission new to the staff member again, as a mail client's "Mark as unread". */
function MarkUnread({ id, filter, afterRead }: { id: string; filter: InboxFilter; afterRead: () => Promise<void> }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const mark = async () => {
    setBusy(true);
    try {
      await afterRead();
      await markRead(await loadBackend(), id, false);
      void showToast({ title: 'Marked unread', description: 'It is new to you again in the inbox.' });
      void refreshInboxNews();
      void navigate(`?${paramsFor(filter).toString()}`);
    } catch (error) {
      setBusy(false);
      void reportBackendError(error, 'It was not marked unread');
    }
  };
  return (
    <Button variant="default" loading={busy} onClick={() => void mark()}>
      Mark as unread
    </Button>
  );
}

const DELETE_QUESTION = 'Delete this submission for good? Its answers and its note are deleted and cannot be brought back; the history keeps that you deleted it.';

/**
 * Spam (out of every list but Spam, deleted in 30 days) or back from it, and deletion for good after a
 * confirmation: each then returns to the list it was opened from.
 */
function SpamAndDelete({ entry, filter }: { entry: InboxEntry; filter: InboxFilter }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'spam' | 'delete' | null>(null);
  const spam = entry.spam_at !== null;
  const back = () => void navigate(`?${paramsFor(filter).toString()}`);
  const toggleSpam = async () => {
    setBusy('spam');
    try {
      await changeSubmissions(await loadBackend(), [entry.submission_id], { spam: !spam });
      void showToast(spam ? { title: 'Not spam', description: 'It is back in the inbox.' } : { title: 'Marked as spam', description: 'It is out of the inbox, and deleted in 30 days unless you take it back (Show: Spam).' });
      void refreshInboxNews();
      back();
    } catch (error) {
      setBusy(null);
      void reportBackendError(error, spam ? 'It is still marked as spam' : 'It was not marked as spam');
    }
  };
  const remove = async () => {
    if (!window.confirm(DELETE_QUESTION)) return;
    setBusy('delete');
    try {
      await deleteSubmissions(await loadBackend(), [entry.submission_id]);
      void showToast({ title: 'Deleted', description: 'The submission is deleted for good.' });
      void refreshInboxNews();
      back();
    } catch (error) {
      setBusy(null);
      void reportBackendError(error, 'Nothing was deleted');
    }
  };
  return (
    <>
      <Button variant="default" loading={busy === 'spam'} disabled={busy === 'delete'} onClick={() => void toggleSpam()}>
        {spam ? 'Not spam' : 'Mark as spam'}
      </Button>
      <Button variant="default" color="red" c="red.8" loading={busy === 'delete'} disabled={busy === 'spam'} onClick={() => void remove()}>
        Delete for good
      </Button>
    </>
  );
}

/** The submission above or below in the list it was opened from; at either end, the word alone, dimmed. */
function Step({ to, filter, label }: { to: string | null; filter: InboxFilter; label: string }) {
  if (!to) return <Text c="dimmed">{label}</Text>;
  return (
    <Anchor component={Link} to={`?${paramsFor(filter, to).toString()}`}>
      {label}
    </Anchor>
  );
}

/** One submission: every answer titled and labelled in form order, its workflow, its history and a reply link. */
export function SubmissionView({ id }: { id: string }) {
  const [params] = useSearchParams();
  const filter = filterFromParams(params);
  const { loaded, reload } = useStaffData(id, async (client) => {
    const found = await submission(client, id);
    if (!found) return null;
    const [states, around, staff, replies] = await Promise.all([notificationStates(client, [id]), neighbours(client, filter, found.entry.seq), staffMembers(client), sentReplies(client, id)]);
    return { ...found, delivery: states.get(id), around, staff, replies };
  });
  // Opened from a list scrolled down, it starts at its top; once loaded, focus is on its heading, so a
  // screen reader says what opened and the keyboard goes on from there.
  // Only the first time: a save reloads it, and focus must stay where staff were.
  const heading = useRef<HTMLHeadingElement>(null);
  // One guard for the page (a router holds one blocker): the workflow's changes and a reply being written.
  const [unsaved, setUnsaved] = useState({ workflow: false, reply: false });
  const workflowUnsaved = useCallback((workflow: boolean) => setUnsaved((now) => (now.workflow === workflow ? now : { ...now, workflow })), []);
  const replyUnsaved = useCallback((reply: boolean) => setUnsaved((now) => (now.reply === reply ? now : { ...now, reply })), []);
  useLeaveGuard(unsaved.workflow || unsaved.reply);
  const focused = useRef(false);
  const opened = loaded.state === 'ready' ? loaded.data?.entry : undefined;
  useViewTitle('Submission', useUnreadTitle(opened ? titleOf(opened) : 'Submission'));
  // Opened is read, for this staff member only; the count follows. "Mark as unread" waits for it.
  const readOnOpen = useRef<Promise<void>>(Promise.resolve());
  useEffect(() => {
    readOnOpen.current = loadBackend()
      .then((client) => markRead(client, id))
      .then(refreshInboxNews, (error: unknown) => console.warn('Could not mark the submission read:', error));
  }, [id]);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  useEffect(() => {
    if (loaded.state !== 'ready' || focused.current) return;
    focused.current = true;
    heading.current?.focus();
  }, [loaded.state]);
  const back = (
    <Anchor component={Link} to={`?${paramsFor(filter).toString()}`}>
      ← Back to the inbox
    </Anchor>
  );
  if (loaded.state === 'loading')
    return (
      <Stack>
        {back}
        <Text aria-live="polite">Loading the submission…</Text>
      </Stack>
    );
  if (loaded.state === 'failed' || !loaded.data) {
    return (
      <Stack align="flex-start">
        {back}
        <Alert color="red" title="This submission could not be opened">
          {loaded.state === 'failed' ? loaded.message : 'It does not exist, or your account may not read it.'}
        </Alert>
      </Stack>
    );
  }
  const { entry, answers, events, delivery, around, staff, replies } = loaded.data;
  const refreshFailed = loaded.refreshFailed;
  const form = staffForms.get(entry.form);
  const rows = form ? answerRows(form, answers) : [];
  const who = senderLabel(entry);
  // Every form's reply-to address is required: only a submission its sender deleted has none (decision 040).
  const withdrawn = !entry.email;
  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        {back}
        <Group component="nav" aria-label="Submissions in this list" gap="lg">
          <Step to={around.previous} filter={filter} label="← Previous" />
          <Step to={around.next} filter={filter} label="Next →" />
        </Group>
      </Group>
      <Stack gap={4}>
        <Title order={2} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {withdrawn ? titleOf(entry) : <>{formTitle(entry.form)} from <bdi>{who}</bdi></>}
        </Title>
        <Text c="dimmed">
          Received {formatTime(entry.created_at)} · Staff email: {deliveryLabel(delivery)}
          {entry.organization && (
            <>
              {' · '}
              <bdi>{entry.organization}</bdi>
            </>
          )}
        </Text>
      </Stack>
      <Group gap="sm">
        {entry.email && form && !entry.spam_at && (
          <Button component="a" href="#reply-title">
            Reply
          </Button>
        )}
        {!withdrawn && <MarkUnread id={id} filter={filter} afterRead={() => readOnOpen.current} />}
        {!withdrawn && <SpamAndDelete entry={entry} filter={filter} />}
      </Group>
      {refreshFailed && (
        <Alert color="red" role="alert" title="This page could not be brought up to date">
          {refreshFailed}. What you see, and anything you are writing, stays; reload the page once the connection is back to see the latest.
        </Alert>
      )}
      {entry.spam_at && !withdrawn && <Text c="red.8">Marked as spam {formatTime(entry.spam_at)}: it is deleted 30 days later unless you take it back.</Text>}
      <MainWithAside
        main={
          <Stack gap="xl">
            <section aria-labelledby="answers-title">
              <Title order={3} id="answers-title" mb="sm">
                Answers
              </Title>
              {withdrawn && (
                <Text c="dimmed">
                  {entry.deleted_by ? `${entry.deleted_by} deleted this submission for good: nothing its sender sent is kept.` : 'Its sender deleted their account and this submission with it: nothing they sent is kept.'}
                </Text>
              )}
              <Table verticalSpacing="sm" layout="fixed" hidden={withdrawn}>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.field}>
                      <Table.Th scope="row" w="40%" style={{ verticalAlign: 'top' }}>
                        {row.label}
                      </Table.Th>
                      {row.state === 'answered' ? (
                        <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                          {/* The visitor's text, isolated (dir=auto): its direction marks stay inside it. */}
                          <ContactAnswer kind={form?.contact?.[row.field]} value={row.value} />
                        </Table.Td>
                      ) : (
                        <Table.Td c="dimmed" fs="italic">
                          {row.value}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </section>
            {entry.email && form && (
              <section aria-labelledby="reply-title">
                <Title order={3} id="reply-title" mb="sm" tabIndex={-1}>
                  Reply to <bdi>{who}</bdi>
                </Title>
                {replies.length > 0 && <SentReplies replies={replies} />}
                {entry.spam_at ? (
                  <Text c="dimmed">It is marked as spam: press Not spam above to reply.</Text>
                ) : (
                  <ReplyComposer id={id} to={entry.email} form={form} answers={answers} onSent={reload} onUnsaved={replyUnsaved} />
                )}
                <Anchor href={mailto(entry.email, replySubject(form, answers))} size="sm" mt="sm" display="inline-block">
                  Reply by email
                </Anchor>{' '}
                <Text span size="sm" c="dimmed">
                  from your own mail app instead (not kept here).
                </Text>
              </section>
            )}
          </Stack>
        }
        aside={
          <Stack gap="xl">
            <section aria-labelledby="workflow-title">
              <Title order={3} id="workflow-title" mb="sm">
                Follow-up
              </Title>
              {/* One per submission: its fields follow what the database holds, under what staff typed. */}
              {withdrawn ? <Text c="dimmed">Nothing to follow up: it was deleted by {deletedBy(entry)}.</Text> : <Workflow key={entry.submission_id} entry={entry} staff={staff} onSaved={reload} onUnsaved={workflowUnsaved} />}
            </section>
            <section aria-labelledby="history-title">
              <Title order={3} id="history-title" mb="sm">
                History
              </Title>
              {events.length === 0 ? (
                <Text c="dimmed">No changes yet.</Text>
              ) : (
                <List spacing="xs" size="sm">
                  {events.map((event) => (
                    <List.Item key={event.id} style={{ overflowWrap: 'anywhere' }}>
                      <Text size="sm" c="dimmed" component="span">
                        {formatTime(event.at)}
                      </Text>{' '}
                      {describe(event)}
                    </List.Item>
                  ))}
                </List>
              )}
            </section>
          </Stack>
        }
      />
    </Stack>
  );
}
