import { Alert, Anchor, Box, Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { showToast } from '../../components/toast';
import { reportBackendError } from '../../lib/backend/connection';
import { loadBackend } from '../../lib/backend/load';
import { filterFromParams, paramsFor } from './inbox-filter-params';
import { inboxCounts, inboxNews, inboxPage, markAllRead, notificationStates, previews, staffMembers, STATUS_LABELS, STATUSES, type InboxCounts, type InboxFilter, type InboxRow } from './inbox-query';
import { AssigneeName, useAssigneeLabel, type AssigneeLabel } from './assignee-label';
import { noteInboxNews, refreshInboxNews, useArrivals, useInboxNews, type InboxNews } from './inbox-news';
import { DueMark, UnreadMark } from './row-marks';
import { deliveryLabel, formatTime, senderLabel, submissionCount } from './staff-labels';
import { display, formTitle, questionTitle, staffForms } from './staff-forms';
import { LoadFailed } from './load-failed';
import { useStaffData } from './use-staff-data';
import { EmailAddress } from './email-address';
import { InboxCards, SelectBox, selectable, type ListProps } from './inbox-cards';
import { BulkBar, type Done } from './bulk-bar';
import { useSelection, type Selection } from './use-selection';
import { useAccount } from '../../lib/account/account-context';
import classes from './inbox-filters.module.css';

interface Page {
  rows: InboxRow[];
  more: boolean;
  states: Map<string, string>;
  /** The first line of each submission's message. */
  previews: Map<string, string>;
  /** With a filter's first page only. */
  counts?: InboxCounts;
  /** With the first page only: what was new when it was read (its newest seq tells later arrivals). */
  news?: InboxNews;
  /** With the first page only: every staff member's address by id, to say who has each submission. */
  staff?: Map<string, string>;
}

async function readPage(filter: InboxFilter, before?: number): Promise<Page> {
  const client = await loadBackend();
  const first = before === undefined;
  const [page, counts, news, members] = await Promise.all([
    inboxPage(client, filter, before),
    // The counts are of the whole inbox: the Spam and Due views show none rather than wrong ones.
    first && !filter.spam && !filter.due ? inboxCounts(client, filter) : undefined,
    first ? inboxNews(client) : undefined,
    first ? staffMembers(client) : undefined,
  ]);
  const [states, messages] = await Promise.all([notificationStates(client, page.rows.map((r) => r.submission_id)), previews(client, page.rows)]);
  if (news) noteInboxNews(news);
  return { ...page, counts, news, staff: members && new Map(members.map((m) => [m.id, m.email])), states, previews: messages };
}

/** An option with what choosing it would list, once the counts are in. */
const counted = (label: string, count: number | undefined, counts: InboxCounts | undefined) => (counts ? `${label} (${count ?? 0})` : label);


function download(csv: string, name: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  // The browser has taken its copy once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Form, status, date range and search; every change goes into the address (the search once typing pauses). */
function InboxFilters({ filter, counts, onChange, search, onSearch }: { filter: InboxFilter; counts?: InboxCounts; onChange: (next: InboxFilter) => void; search: string; onSearch: (text: string) => void }) {
  const sum = (values: Iterable<number> | undefined) => [...(values ?? [])].reduce((a, b) => a + b, 0);
  // An answer is one form's: choosing another form lets it go.
  const set = (key: keyof InboxFilter, value: string) => onChange({ ...filter, [key]: value || undefined, ...(key === 'form' ? { answer: undefined } : {}) });
  const [open, setOpen] = useState(false);
  const chosen = [filter.form, filter.status, filter.from, filter.to, filter.answer, filter.unread, filter.assigned, filter.spam, filter.due].filter(Boolean).length;
  return (
    <Stack gap="sm" role="search" aria-label="Filter the inbox">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          type="search"
          label="Search"
          placeholder="Name, email, organization or any answer"
          value={search}
          onChange={(e) => onSearch(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button hiddenFrom="sm" variant="default" aria-expanded={open} aria-controls="inbox-filters" onClick={() => setOpen(!open)}>
          {chosen ? `Filters (${chosen})` : 'Filters'}
        </Button>
      </Group>
      <SimpleGrid id="inbox-filters" className={open ? undefined : classes.closed} cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="sm">
        <NativeSelect
          label="Form"
          value={filter.form ?? ''}
          onChange={(e) => set('form', e.currentTarget.value)}
          data={[
            { value: '', label: counted('All forms', sum(counts?.byForm.values()), counts) },
            ...[...staffForms.values()].map((f) => ({ value: f.id, label: counted(f.title, counts?.byForm.get(f.id), counts) })),
          ]}
        />
        <NativeSelect
          label="Status"
          value={filter.status ?? ''}
          onChange={(e) => set('status', e.currentTarget.value)}
          data={[
            { value: '', label: counted('Any status', sum(counts?.byStatus.values()), counts) },
            ...STATUSES.map((value) => ({ value, label: counted(STATUS_LABELS[value], counts?.byStatus.get(value), counts) })),
          ]}
        />
        <NativeSelect
          label="Assigned to"
          value={filter.assigned ?? ''}
          onChange={(e) => onChange({ ...filter, assigned: (e.currentTarget.value || undefined) as InboxFilter['assigned'] })}
          data={[
            { value: '', label: 'Anyone' },
            { value: 'me', label: 'Me' },
            { value: 'nobody', label: 'Nobody yet' },
          ]}
        />
        <NativeSelect
          label="Show"
          value={filter.spam ? 'spam' : filter.due ? 'due' : filter.unread ? 'unread' : ''}
          onChange={(e) => {
            const show = e.currentTarget.value;
            onChange({ ...filter, unread: show === 'unread' || undefined, spam: show === 'spam' || undefined, due: show === 'due' || undefined });
          }}
          data={[
            { value: '', label: 'Read and unread' },
            { value: 'unread', label: 'Unread only' },
            { value: 'due', label: 'Due for follow-up' },
            { value: 'spam', label: 'Spam' },
          ]}
        />
        <TextInput type="date" label="Received from" value={filter.from ?? ''} max={filter.to} onChange={(e) => set('from', e.currentTarget.value)} />
        <TextInput type="date" label="Received until" value={filter.to ?? ''} min={filter.from} onChange={(e) => set('to', e.currentTarget.value)} />
      </SimpleGrid>
      {filter.form && filter.answer && <AnswerFilter form={filter.form} answer={filter.answer} onClear={() => onChange({ ...filter, answer: undefined })} />}
    </Stack>
  );
}

/** The answer the list is narrowed to (an option clicked on the overview), said as the form asks it, with a way back. */
function AnswerFilter({ form, answer, onClear }: { form: string; answer: NonNullable<InboxFilter['answer']>; onClear: () => void }) {
  const staffForm = staffForms.get(form)!;
  const question = questionTitle(staffForm, answer.field);
  return (
    <Group gap="sm">
      <Text>
        Only submissions whose <strong>{question}</strong> is <strong>{display(staffForm, answer.field, answer.value)}</strong>.
      </Text>
      <Button variant="subtle" size="compact-sm" onClick={onClear}>
        Show every answer
      </Button>
    </Group>
  );
}

const SELECT_ALL = 'Select all listed';

/**
 * Selects every listed submission that can be changed, or none. Above the cards its words are its label
 * (the whole line takes a tap); in the table's header it is named for the same words.
 */
function SelectAll({ rows, selection, labelled = false }: { rows: InboxRow[]; selection: Selection; labelled?: boolean }) {
  const listed = rows.filter(selectable).length;
  const chosen = selection.chosen.length;
  return (
    <Checkbox
      {...(labelled ? { label: SELECT_ALL } : { 'aria-label': SELECT_ALL })}
      checked={listed > 0 && chosen === listed}
      indeterminate={chosen > 0 && chosen < listed}
      disabled={listed === 0}
      onChange={() => selection.setAll(chosen < listed)}
    />
  );
}

function InboxTable({ rows, states, previews, filter, busy, onOpen, assignee, selection }: ListProps) {
  return (
    <Table.ScrollContainer minWidth={820} type="native" aria-busy={busy} visibleFrom="md" style={{ opacity: busy ? 0.6 : undefined }}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Caption>Newest first. Open a submission to read its answers, change its status or add a note.</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={40}>
              <SelectAll rows={rows} selection={selection} />
            </Table.Th>
            <Table.Th scope="col">Received</Table.Th>
            <Table.Th scope="col">Form</Table.Th>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">Organization</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Assigned to</Table.Th>
            <Table.Th scope="col">Staff email</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.submission_id} fw={row.unread ? 700 : undefined} bg={selection.isSelected(row.submission_id) ? 'var(--mantine-primary-color-light)' : undefined}>
              <Table.Td>
                <SelectBox row={row} selection={selection} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTime(row.created_at)}</Table.Td>
              <Table.Td>{formTitle(row.form)}</Table.Td>
              <Table.Td>
                {row.unread && <UnreadMark />}
                <DueMark row={row} spam={Boolean(filter.spam)} />
                <Anchor component={Link} to={`?${paramsFor(filter, row.submission_id).toString()}`} onClick={onOpen}>
                  {/* Visitors' text is isolated: a right-to-left mark in it cannot reorder what follows. */}
                  <bdi>{senderLabel(row)}</bdi>
                </Anchor>
                {previews.has(row.submission_id) && (
                  <Text size="sm" c="dimmed" lineClamp={1} maw={320}>
                    <bdi>{previews.get(row.submission_id)}</bdi>
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{row.email ? <EmailAddress email={row.email} /> : <bdi />}</Table.Td>
              <Table.Td>
                <bdi>{row.organization}</bdi>
              </Table.Td>
              <Table.Td fw={row.status === 'new' ? 700 : undefined}>{STATUS_LABELS[row.status]}</Table.Td>
              <Table.Td c={row.assignee_id ? undefined : 'dimmed'}>
                <AssigneeName label={assignee(row.assignee_id)} />
              </Table.Td>
              <Table.Td>{deliveryLabel(states.get(row.submission_id))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** "51 submissions shown", or with more to come, how many there are in all. */
function shownOf(shown: number, total: number | undefined, more: boolean) {
  if (!more) return `${submissionCount(shown)} shown`;
  return total === undefined ? `${submissionCount(shown)} shown; more below` : `${shown} of ${submissionCount(total)} shown; more below`;
}

/** Every form's submissions, newest first: filters, the table, more on request, and the CSV export. */
export function InboxView() {
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const key = paramsFor(filter).toString();
  const setFilter = (next: InboxFilter) => setParams(paramsFor(next), { replace: true });
  // The search box is ahead of the address while typing. A row opened in that moment first writes the
  // search into the address (so Back returns to it), so no late update can replace the open row.
  const [search, setSearch] = useState(filter.search ?? '');
  const typed = { ...filter, search: search.trim() || undefined };
  const applySearch = useDebouncedCallback(setFilter, 300);
  const { loaded, reload } = useStaffData(key, () => readPage(filter));
  // Pages after the first, for the filter they were read with.
  const [later, setLater] = useState<{ key: string; pages: Page[] }>({ key, pages: [] });
  const news = useInboxNews();
  // A submission that arrives while the list is open is listed at once, unless staff have read further
  // down (a new first page would then leave a gap above what they loaded): they are offered it instead.
  const [arrivals, setArrivals] = useState(false);
  const deep = later.key === key && later.pages.length > 0;
  const showArrivals = useCallback(() => {
    setArrivals(false);
    setLater({ key, pages: [] });
    reload();
  }, [key, reload]);
  const onArrival = useCallback(() => (deep ? setArrivals(true) : showArrivals()), [deep, showArrivals]);
  useArrivals(loaded.state === 'ready' ? (loaded.data.news?.newest ?? null) : undefined, onArrival);
  const [marking, setMarking] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [exporting, setExporting] = useState(false);
  // While another filter's list loads, the last one stays on screen (marked busy) rather than blanking out.
  const pages = loaded.state === 'ready' ? [loaded.data, ...(later.key === key ? later.pages : [])] : loaded.state === 'loading' && loaded.previous ? [loaded.previous] : [];
  const rows = pages.flatMap((p) => p.rows);
  const states = new Map(pages.flatMap((p) => [...p.states]));
  const messages = new Map(pages.flatMap((p) => [...p.previews]));
  const last = pages.at(-1);
  const counts = pages[0]?.counts;
  const assignee: AssigneeLabel = useAssigneeLabel(pages[0]?.staff);
  const me = useAccount().user?.id;
  const selection = useSelection(
    rows.filter(selectable).map((row) => row.submission_id),
    key,
  );
  // The last bulk change, with its undo, until the next one, Dismiss or Undo.
  const [done, setDone] = useState<Done | null>(null);
  const [undoing, setUndoing] = useState(false);
  const afterBulk = (next: Done) => {
    setDone(next);
    selection.clear();
    void refreshInboxNews();
    reload();
  };
  const undo = async () => {
    if (!done) return;
    setUndoing(true);
    try {
      await done.undo();
      setDone(null);
      void showToast({ title: 'Undone', description: 'Each submission is as it was before the change.' });
      void refreshInboxNews();
      reload();
    } catch (error) {
      void reportBackendError(error, 'The change was not all undone');
    } finally {
      setUndoing(false);
    }
  };

  const showMore = async () => {
    setLoadingMore(true);
    try {
      const next = await readPage(filter, rows.at(-1)?.seq);
      setLater((current) => ({ key, pages: [...(current.key === key ? current.pages : []), next] }));
    } catch (error) {
      void reportBackendError(error, 'Could not load more submissions');
    } finally {
      setLoadingMore(false);
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      // The CSV writer downloads when staff first export, not with the inbox.
      const [{ exportInbox }, client] = await Promise.all([import('./inbox-csv'), loadBackend()]);
      const { csv, count } = await exportInbox(client, filter, window.location.origin);
      download(csv, `inbox-${new Date().toISOString().slice(0, 10)}.csv`);
      void showToast({ title: 'Exported', description: `${submissionCount(count)} in the CSV file.` });
    } catch (error) {
      void reportBackendError(error, 'The export failed');
    } finally {
      setExporting(false);
    }
  };

  const markAll = async () => {
    setMarking(true);
    try {
      await markAllRead(await loadBackend());
      void showToast({ title: 'All read', description: 'Everything that has arrived is marked read for you.' });
      await refreshInboxNews();
      reload();
    } catch (error) {
      void reportBackendError(error, 'Nothing was marked read');
    } finally {
      setMarking(false);
    }
  };

  return (
    <Stack gap="lg">
      <InboxFilters
        filter={typed}
        counts={counts}
        onChange={(next) => {
          applySearch.cancel();
          setFilter(next);
        }}
        search={search}
        onSearch={(text) => {
          setSearch(text);
          applySearch({ ...filter, search: text.trim() || undefined });
        }}
      />
      <Group justify="space-between" align="center">
        <Text aria-live="polite">
          {loaded.state === 'loading' ? 'Loading submissions…' : loaded.state === 'ready' ? shownOf(rows.length, counts?.total, !!last?.more) : ''}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={() => void markAll()} loading={marking} disabled={!news?.unread}>
            Mark all as read
          </Button>
          <Button variant="default" onClick={() => void exportCsv()} loading={exporting} disabled={loaded.state !== 'ready' || rows.length === 0}>
            Export CSV
          </Button>
        </Group>
      </Group>
      {filter.spam && <Text>Marked as spam: out of the inbox, its counts and the overview, and deleted 30 days after being marked. Open one to take it back.</Text>}
      {filter.due && <Text>Due for follow-up: dated today or earlier, and not closed. Open one to set a new date or close it once it is dealt with.</Text>}
      {arrivals && (
        <Button variant="light" onClick={showArrivals} style={{ alignSelf: 'center' }}>
          New submissions have arrived: show them
        </Button>
      )}
      {loaded.state === 'failed' && <LoadFailed title="The inbox could not be loaded" message={loaded.message} onRetry={reload} />}
      {loaded.state === 'ready' && rows.length === 0 && <Text c="dimmed">No submissions match these filters.</Text>}
      {done && (
        <Alert role="status" title="Changed">
          <Group gap="sm" justify="space-between">
            <Text size="sm">{done.said}</Text>
            <Group gap="xs">
              <Button size="xs" variant="default" loading={undoing} onClick={() => void undo()}>
                Undo
              </Button>
              <Button size="xs" variant="subtle" disabled={undoing} onClick={() => setDone(null)}>
                Dismiss
              </Button>
            </Group>
          </Group>
        </Alert>
      )}
      {rows.length > 0 && (
        <>
          <Box hiddenFrom="md">
            <SelectAll rows={rows} selection={selection} labelled />
          </Box>
          <InboxTable rows={rows} states={states} previews={messages} filter={typed} busy={loaded.state === 'loading'} onOpen={applySearch.flush} assignee={assignee} selection={selection} />
          <InboxCards rows={rows} states={states} previews={messages} filter={typed} busy={loaded.state === 'loading'} onOpen={applySearch.flush} assignee={assignee} selection={selection} />
        </>
      )}
      {selection.chosen.length > 0 && (
        <BulkBar
          rows={rows.filter((row) => selection.isSelected(row.submission_id))}
          spamView={Boolean(filter.spam)}
          staff={pages[0]?.staff ?? new Map()}
          me={me}
          onDone={afterBulk}
          onClear={selection.clear}
        />
      )}
      {loaded.state === 'ready' && last?.more && (
        <Button variant="default" onClick={() => void showMore()} loading={loadingMore} style={{ alignSelf: 'center' }}>
          Show more
        </Button>
      )}
    </Stack>
  );
}
