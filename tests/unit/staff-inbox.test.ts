/**
 * The staff workspace's pure parts: the CSV export (labels from the schemas, formulas neutralised)
 * and the filter kept in the address.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import forms from '../../schemas/forms.json';
import { paths } from '../../site.config';
import { STAFF_PATH, submissionLink } from '../../form-model/submission-link';
import { inboxCsv, LEADING_COLUMNS } from '../../src/features/staff/inbox-csv';
import { filterFromParams, paramsFor } from '../../src/features/staff/inbox-filter-params';
import type { InboxRow } from '../../src/features/staff/inbox-query';
import { answerRows, display, messageField, staffForms } from '../../src/features/staff/staff-forms';

/** A question's label, as the schema gives it: tests follow an editor's relabel. */
const labelOf = (form: string, field: string) => staffForms.get(form)!.schema.properties![field]!.title!;

const row = (form: string, id: string, extra: Partial<InboxRow> = {}): InboxRow => ({
  seq: 1,
  submission_id: id,
  form,
  form_table: staffForms.get(form)!.table,
  name: null,
  email: null,
  organization: null,
  created_at: '2026-11-23T10:05:00Z',
  status: 'new',
  note: null,
  unread: false,
  assignee_id: null,
  follow_up_on: null,
  ...extra,
});

const site = { origin: 'https://keystone.example' };

const parse = (csv: string) => {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const [header, ...records] = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
  return records.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]])));
};

describe('staff forms', () => {
  it('are every form of forms.json that notifies staff, under its notification title', () => {
    const notified = Object.entries(forms).filter(([, f]) => 'notification' in f && f.notification);
    expect([...staffForms.keys()]).toEqual(notified.map(([id]) => id));
    for (const [id, declaration] of notified) expect(staffForms.get(id)!.title).toBe((declaration as { notification: { formType: string } }).notification.formType);
  });
});

describe('the message line under each submission', () => {
  it('is the form’s longest free-text question: never a choice, a formatted value or the sender’s address', () => {
    const contact = staffForms.get('contact')!;
    // The contact form's is its message, whichever question comes first.
    expect(messageField(contact)).toBe('message');
    expect(messageField({ ...contact, order: ['subject', 'email', 'name', 'message'] })).toBe('message');
    // The longer of two free-text questions (by maxLength), not the first.
    expect(messageField({ ...contact, order: ['name', 'message'] })).toBe('message');
    expect(messageField({ ...contact, order: ['message', 'name'] })).toBe('message');
    expect(messageField({ ...contact, order: ['name'] })).toBe('name');
    // A choice (Subject) and the reply address (Email) never are, even when nothing else is left.
    expect(messageField({ ...contact, order: ['subject', 'email'] })).toBeNull();
    // Every notified form's message line is one of its free-text questions.
    for (const form of staffForms.values()) {
      const field = messageField(form);
      if (!field) continue;
      const definition = form.schema.properties![field]!;
      expect([definition.type, definition.oneOf, definition.enum, definition.format, field === form.replyTo], `${form.id}.${field}`).toEqual(['string', undefined, undefined, undefined, false]);
    }
  });
});

describe('the CSV export', () => {
  it('titles one form’s columns with its questions, in form order, and shows option labels', () => {
    const [record] = parse(
      inboxCsv([row('assessment', 'a', { status: 'in_progress', note: 'Call back' })], new Map([['a', { organization_type: 'small_business', timeline: '1_3_months', organization_name: 'Casa Verde' }]]), site),
    );
    const assessment = staffForms.get('assessment')!;
    const leading: string[] = [...LEADING_COLUMNS];
    // A question titled like a leading column ("Email") is named with its form, so no two columns share a name.
    const order = assessment.order.map((f) => (leading.includes(labelOf('assessment', f)) ? `${assessment.title}: ${labelOf('assessment', f)}` : labelOf('assessment', f)));
    expect(Object.keys(record!)).toEqual([...leading, ...order]);
    expect(new Set(Object.keys(record!)).size).toBe(Object.keys(record!).length);
    expect(record).toMatchObject({ Form: assessment.title, Status: 'In progress', Note: 'Call back' });
    expect(record![labelOf('assessment', 'organization_type')]).toBe(display(assessment, 'organization_type', 'small_business'));
    expect(record![labelOf('assessment', 'timeline')]).toBe(display(assessment, 'timeline', '1_3_months'));
    expect(display(assessment, 'timeline', '1_3_months')).not.toBe('1_3_months');
    expect(record![labelOf('assessment', 'organization_name')]).toBe('Casa Verde');
  });

  it('reads "Not asked" for a question its condition did not ask, and leaves a question not answered empty; the email and page say both', () => {
    const enrolment = staffForms.get('enrolment')!;
    const rule = (enrolment.schema.allOf as { if: { properties: Record<string, unknown> }; else: { properties: Record<string, false> } }[])[0]!;
    const [box, size] = [Object.keys(rule.if.properties)[0]!, Object.keys(rule.else.properties)[0]!];
    const records = parse(inboxCsv([row('enrolment', 'one'), row('enrolment', 'group')], new Map([['one', { [box]: false, notes: null }], ['group', { [box]: true, [size]: 4 }]]), site));
    expect(records.map((r) => r[labelOf('enrolment', size)])).toEqual(['Not asked', '4']);
    expect(records.map((r) => r[labelOf('enrolment', box)])).toEqual(['No', 'Yes']);
    expect(records.map((r) => r[labelOf('enrolment', 'notes')])).toEqual(['', '']);
    const rows = answerRows(enrolment, { [box]: false, notes: null });
    expect(rows.find((r) => r.field === size)).toMatchObject({ value: 'Not asked', state: 'not asked' });
    expect(rows.find((r) => r.field === 'notes')).toMatchObject({ value: 'Not answered', state: 'not answered' });
  });

  it('names each column’s form when several forms are exported, leaving other forms’ cells empty', () => {
    const records = parse(inboxCsv([row('contact', 'c'), row('assessment', 'a')], new Map([['c', { name: 'Lee', subject: 'Feedback' }], ['a', { contact_name: 'Dana' }]]), site));
    const column = (form: string, field: string) => `${staffForms.get(form)!.title}: ${labelOf(form, field)}`;
    expect(Object.keys(records[0]!)).toContain(column('contact', 'name'));
    expect(Object.keys(records[0]!)).toContain(column('assessment', 'contact_name'));
    expect(records[0]).toMatchObject({ [column('contact', 'name')]: 'Lee', [column('contact', 'subject')]: display(staffForms.get('contact')!, 'subject', 'Feedback'), [column('assessment', 'contact_name')]: '' });
    expect(records[1]).toMatchObject({ [column('contact', 'name')]: '', [column('assessment', 'contact_name')]: 'Dana' });
  });

  it('lists a double opt-in form\'s subscribers with their state and each one\'s unsubscribe link, as the submission page reads the state', () => {
    const newsletter = [...staffForms.values()].find((form) => form.optIn)!;
    const token = '3f0c8a51-5d2e-4b8e-9a51-0c8a515d2e4b';
    const state = (confirmed_at: string | null, unsubscribed_at: string | null) => ({ opt_in: { token, confirmed_at, unsubscribed_at } });
    const answers = new Map<string, Record<string, unknown>>([
      ['waiting', { email: 'a@x.org', ...state(null, null) }],
      // Noon in UTC: 2026-11-28 on the clock of any machine from UTC-11 to UTC+11.
      ['on', { email: 'b@x.org', ...state('2026-11-28T12:00:00Z', null) }],
      ['off', { email: 'c@x.org', ...state('2026-11-20T12:00:00Z', '2026-11-28T12:00:00Z') }],
    ]);
    const records = parse(inboxCsv(['waiting', 'on', 'off'].map((id) => row(newsletter.id, id)), answers, site));
    expect(records.map((r) => r.Subscription)).toEqual(['Waiting for confirmation', 'Confirmed on 2026-11-28', 'Unsubscribed on 2026-11-28']);
    expect(records[0]!['Unsubscribe link']).toBe(`${site.origin}${newsletter.optIn!.page}?unsubscribe=${token}`);
    expect(answerRows(newsletter, answers.get('on')!).at(-1)).toMatchObject({ label: 'Subscription', value: 'Confirmed on 2026-11-28' });
    // Exported beside another form, its columns are named by form and left empty on the other's rows.
    const mixed = parse(inboxCsv([row('contact', 'c'), row(newsletter.id, 'on')], answers, site));
    expect(mixed[0]![`${newsletter.title}: Subscription`]).toBe('');
    expect(mixed[1]![`${newsletter.title}: Subscription`]).toBe('Confirmed on 2026-11-28');
  });

  it('dates a subscription by the reader\'s own day, as the Received column is', () => {
    const newsletter = [...staffForms.values()].find((form) => form.optIn)!;
    // 23:30 in UTC is already the next morning in Auckland and still the evening before in Los Angeles.
    const answers = new Map([['on', { email: 'b@x.org', opt_in: { token: 't', confirmed_at: '2026-11-27T23:30:00Z', unsubscribed_at: null } }]]);
    const zone = process.env.TZ;
    try {
      for (const [tz, day] of [['Pacific/Auckland', '2026-11-28'], ['America/Los_Angeles', '2026-11-27']] as const) {
        process.env.TZ = tz;
        expect(parse(inboxCsv([row(newsletter.id, 'on')], answers, site))[0]!.Subscription, tz).toBe(`Confirmed on ${day}`);
        expect(answerRows(newsletter, answers.get('on')!).at(-1)!.value, tz).toBe(`Confirmed on ${day}`);
      }
    } finally {
      process.env.TZ = zone;
      if (zone === undefined) delete process.env.TZ;
    }
  });

  it('neutralises every value a spreadsheet would run as a formula, including one followed by a line break', () => {
    const hostile = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tTAB', '\rCR', '=HYPERLINK("http://x")\nsecond line'];
    const answers = new Map(hostile.map((message, i) => [String(i), { message, name: 'a, "quoted" name' }]));
    const records = parse(inboxCsv(hostile.map((_, i) => row('contact', String(i), { note: i === 0 ? '=note' : null })), answers, site));
    expect(records.map((r) => r[labelOf('contact', 'message')])).toEqual(hostile.map((h) => `'${h}`));
    expect(records[0]!.Note).toBe("'=note");
    // Commas and quotes survive as text; a value that merely contains = is left alone.
    expect(records[0]![labelOf('contact', 'name')]).toBe('a, "quoted" name');
    expect(parse(inboxCsv([row('contact', 'x')], new Map([['x', { message: 'a = b' }]]), site))[0]![labelOf('contact', 'message')]).toBe('a = b');
  });

  it('neutralises a formula behind blanks, invisible characters or look-alike signs, in answers and notes alike', () => {
    const disguised = ['  =1+1', '\u200b=HYPERLINK("http://x")', '\u200e\u00ad+SUM(A1)', '\ufeff@cmd', '\u00a0-2+3', '\uff1dHYPERLINK("http://x")', '\uff0bSUM(A1)', '\uff20cmd', '\u3000\uff1d1', '\n=1+1', '=\u0338HYPERLINK("http://x")', '+\u0301SUM(A1)'];
    const answers = new Map(disguised.map((message, i) => [String(i), { message }]));
    const records = parse(inboxCsv(disguised.map((_, i) => row('contact', String(i), { note: i === 0 ? ' =HYPERLINK("http://x")' : null })), answers, site));
    expect(records.map((r) => r[labelOf('contact', 'message')])).toEqual(disguised.map((h) => `'${h}`));
    expect(records[0]!.Note).toBe('\' =HYPERLINK("http://x")');
  });
});

describe('the CSV export’s leading columns', () => {
  it('are the same whatever the forms: who, when (with its offset from UTC), which form, workflow, id and a link to it', () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'America/St_Johns';
      const records = parse(
        inboxCsv(
          [
            row('contact', 'c-1', { name: 'Lee Park', email: 'lee@example.org', organization: 'Casa Verde' }),
            row('assessment', 'a-1', { name: 'Dana', email: 'dana@example.org', status: 'replied', note: 'Called', assignee_id: 's-1', follow_up_on: '2026-12-01' }),
            row('assessment', 'a-2', { assignee_id: 's-gone' }),
          ],
          new Map(),
          { ...site, staff: new Map([['s-1', 'lena@keystone.example']]) },
        ),
      );
      expect(Object.keys(records[0]!).slice(0, 11)).toEqual(['Name', 'Email', 'Organization', 'Received', 'Form', 'Status', 'Note', 'Assigned to', 'Follow up on', 'Submission ID', 'Link']);
      expect(records[0]).toMatchObject({
        Name: 'Lee Park', Email: 'lee@example.org', Organization: 'Casa Verde', Received: '2026-11-23 06:35 -03:30',
        Form: staffForms.get('contact')!.title, Status: 'New', 'Submission ID': 'c-1', Link: 'https://keystone.example/staff?submission=c-1',
      });
      expect(records[1]).toMatchObject({ Name: 'Dana', Email: 'dana@example.org', Status: 'Replied', Note: 'Called', 'Assigned to': 'lena@keystone.example', 'Follow up on': '2026-12-01', Link: 'https://keystone.example/staff?submission=a-1' });
      expect(records[0]).toMatchObject({ 'Assigned to': '', 'Follow up on': '' });
      expect(records[2]).toMatchObject({ 'Assigned to': 'A former staff member' });
      process.env.TZ = 'Europe/Paris';
      expect(parse(inboxCsv([row('contact', 'c')], new Map(), site))[0]!.Received).toBe('2026-11-23 11:05 +01:00');
    } finally {
      process.env.TZ = zone;
      if (zone === undefined) delete process.env.TZ;
    }
  });
});

describe('a submission’s link', () => {
  it('opens the staff page of site.config.ts with the parameter the page reads', () => {
    expect(STAFF_PATH).toBe(paths.staff);
    expect(submissionLink('https://keystone.example/', 'a b')).toBe('https://keystone.example/staff?submission=a%20b');
    expect(new URL(submissionLink('https://keystone.example', 'id-1')).search).toBe(`?${paramsFor({}, 'id-1').toString()}`);
  });
});

describe('the filter in the address', () => {
  it('round-trips, and drops what the inbox does not know', () => {
    const filter = { form: 'assessment', status: 'replied' as const, from: '2026-11-01', to: '2026-11-30', search: 'casa verde', unread: true as const, assigned: 'nobody' as const };
    expect(filterFromParams(paramsFor(filter))).toEqual(filter);
    expect(filterFromParams(new URLSearchParams('form=clients&status=deleted&from=yesterday&to=2026-13&q=%20%20&unread=yes&assigned=someone'))).toEqual({});
    expect(paramsFor({}, 'id-1').toString()).toBe('submission=id-1');
  });

  it('keeps the Due view, and one view only when a hand-edited address asks for both Spam and Due', () => {
    expect(filterFromParams(paramsFor({ due: true, assigned: 'me' }))).toEqual({ due: true, assigned: 'me' });
    expect(paramsFor({ due: true }).toString()).toBe('due=1');
    expect(filterFromParams(new URLSearchParams('spam=1&due=1'))).toEqual({ spam: true });
    expect(filterFromParams(new URLSearchParams('due=yes'))).toEqual({});
  });

  it('keeps one answer of one of its form\'s questions (an option clicked on the overview), and nothing else', () => {
    const filter = { form: 'contact', answer: { field: 'subject', value: 'General Inquiry' } };
    expect(paramsFor(filter).toString()).toBe('form=contact&field=subject&answer=General+Inquiry');
    expect(filterFromParams(paramsFor(filter))).toEqual(filter);
    // An empty answer is an answer; a question the form does not ask, or an answer with no form, is dropped.
    expect(filterFromParams(new URLSearchParams('form=contact&field=subject&answer='))).toEqual({ form: 'contact', answer: { field: 'subject', value: '' } });
    expect(filterFromParams(new URLSearchParams('form=contact&field=team_size&answer=3'))).toEqual({ form: 'contact' });
    expect(filterFromParams(new URLSearchParams('field=subject&answer=Feedback'))).toEqual({});
    expect(paramsFor({ answer: { field: 'subject', value: 'Feedback' } }).toString()).toBe('');
  });
});
