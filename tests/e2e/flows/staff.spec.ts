/**
 * The staff workspace (issue 15) as staff and others meet it: the page is closed to visitors and to
 * ordinary accounts; staff sign in, filter, open an assessment (labels, not stored codes), change its
 * status, add a note, reply, and export the filter as CSV with formulas neutralised.
 */
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { apiUrl, confirmedAccount, insertRows, mail, makeStaff, rows } from '../backend';
import { axeViolations, expect, test } from '../fixtures';
import { expectToast, inboxEntries, SENDING_MS, showInInbox, signInHere, submitSignIn, unique } from './helpers';
import { ACCEPT, settle, shotWithMasks } from '../visual';
import { answerAll, answersFor, submitText } from '../form-driver';
import { pageForms } from '../../support/declared-forms';
import { send } from '../../support/raw-http';

const assessment = pageForms.find((f) => f.definition.steps)!;
import { localKeys } from '../../../supabase/local/keys';

test('visitors and ordinary accounts see no inbox, and the API gives them no submission', async ({ page, request }) => {
  await page.goto('/staff');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff Inbox');
  await expect(page.getByText('Sign in with a staff account')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  const { email, password } = await confirmedAccount('not-staff');
  await signInHere(page, email, password);
  await expect(page.getByText('This account is not a staff account')).toBeVisible();
  // One sentence a visitor can act on: whom to ask, and no command of the developers'.
  await expect(page.getByText('ask the person who runs this site to make this account a staff account')).toBeVisible();
  await expect(page.getByRole('main').locator('code')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // What the page would have asked for, asked directly with the public key: refused, nothing read.
  const { anon } = await localKeys();
  const asVisitor = await request.get(`${apiUrl}/rest/v1/staff_inbox?select=*`, { headers: { apikey: anon, Authorization: `Bearer ${anon}` } });
  expect(asVisitor.status()).toBe(401);
  const session = await request.post(`${apiUrl}/auth/v1/token?grant_type=password`, { headers: { apikey: anon }, data: { email, password } });
  const token = ((await session.json()) as { access_token: string }).access_token;
  expect(token).toBeTruthy();
  for (const table of ['staff_inbox', 'assessment_responses', 'contact_submissions']) {
    const asUser = await request.get(`${apiUrl}/rest/v1/${table}?select=*`, { headers: { apikey: anon, Authorization: `Bearer ${token}` } });
    expect(asUser.status(), table).toBe(200);
    expect(await asUser.json(), table).toEqual([]);
  }
});

test('staff sign in, filter, open an assessment, change its status, add a note, and export the filter as CSV', async ({ page }) => {
  // One word in both submissions: the assessment's organization, the contact's email address.
  const tag = unique('riverside');
  const organization = `Riverside Food Bank ${tag}`;
  const contactEmail = `${unique('dana')}@example.org`;
  await insertRows('assessment_responses', [
    {
      organization_name: organization,
      organization_type: 'small_business',
      mission: '=HYPERLINK("http://evil.example","click")\nsecond line',
      current_challenges: 'Volunteers drop off after the first month.',
      tech_readiness: 'intermediate',
      ai_experience: 'exploring',
      goals: '+1 more volunteers; @everyone on board',
      timeline: '1_3_months',
      contact_name: 'Dana Whitfield',
      contact_email: contactEmail,
      contact_phone: '+1 (512) 555-0100 ext. 2',
    },
  ]);
  await insertRows('contact_submissions', [{ name: 'Lee Ortiz', email: `${tag}@example.org`, subject: 'Feedback', message: 'A question about volunteering.' }]);

  const { email, password } = await confirmedAccount('staff');
  await makeStaff(email);
  // Signed in anywhere on the site, staff find the workspace in the header.
  await page.goto('/about');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await expect(await submitSignIn(page, email, password)).toHaveCount(0);
  await page.getByRole('banner').getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(page).toHaveURL(/\/staff$/);

  // The inbox: every form, newest first; the search finds both submissions naming the organization.
  const table = page.getByRole('table');
  // The first column holds the boxes that select submissions (its header selects all listed).
  await expect(table.getByRole('columnheader')).toHaveText(['', 'Received', 'Form', 'Name', 'Email', 'Organization', 'Status', 'Assigned to', 'Staff email']);
  await expect(table.getByRole('columnheader').first().getByRole('checkbox', { name: 'Select all listed' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag.toUpperCase());
  await expect(table.getByRole('row')).toHaveCount(3);
  // Each option says how many of what the search finds it would list, counted by the database.
  const formFilter = page.getByRole('combobox', { name: 'Form' });
  const statusFilter = page.getByRole('combobox', { name: 'Status' });
  await expect(formFilter.locator('option').first()).toHaveText('All forms (2)');
  await expect(formFilter.locator('option', { hasText: 'Needs Assessment Submission' })).toHaveText('Needs Assessment Submission (1)');
  await expect(statusFilter.locator('option')).toHaveText(['Any status (2)', 'New (2)', 'In progress (0)', 'Replied (0)', 'Closed (0)']);
  await formFilter.selectOption({ label: 'Needs Assessment Submission (1)' });
  await expect(page).toHaveURL(/form=assessment/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(statusFilter.locator('option')).toHaveText(['Any status (1)', 'New (1)', 'In progress (0)', 'Replied (0)', 'Closed (0)']);
  const row = table.getByRole('row').filter({ hasText: 'Dana Whitfield' });
  await expect(row).toContainText(contactEmail);
  await expect(row).toContainText(organization);
  await expect(row).toContainText('New');
  expect(await axeViolations(page)).toEqual([]);

  // The submission: question titles and option labels, in form order, as the staff email shows them.
  await row.getByRole('link', { name: 'Dana Whitfield' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText('Needs Assessment Submission from Dana Whitfield');
  // Each view says what it is, in the page's heading and the tab's title.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Submission');
  await expect(page).toHaveTitle(/^Needs Assessment Submission from Dana Whitfield \| /);
  const answers = page.getByRole('region', { name: 'Answers' }).getByRole('row');
  await expect(answers.first()).toHaveText(`Organization Name${organization}`);
  await expect(answers.filter({ hasText: 'Organization Type' })).toHaveText('Organization TypeSmall Business');
  await expect(answers.filter({ hasText: 'Desired Timeline' })).toHaveText('Desired Timeline1–3 months');
  await expect(page.getByRole('region', { name: 'Answers' })).not.toContainText('small_business');
  const reply = page.getByRole('link', { name: 'Reply by email' });
  const href = (await reply.getAttribute('href'))!;
  expect(href.startsWith(`mailto:${contactEmail}?subject=`)).toBe(true);
  expect(decodeURIComponent(href.split('subject=')[1]!)).toBe(`Re: Needs Assessment Submission: ${organization}`);
  await expect(page.getByText('No changes yet.')).toBeVisible();
  // The sender's number calls (its extension left to the caller), their address writes to them.
  await expect(page.getByRole('region', { name: 'Answers' }).getByRole('link', { name: '+1 (512) 555-0100 ext. 2' })).toHaveAttribute('href', 'tel:+15125550100');
  // (Found by its text: each part of an address is an inline block, which accessible names set apart by a space.)
  await expect(page.getByRole('region', { name: 'Answers' }).getByRole('link').filter({ hasText: contactEmail })).toHaveAttribute('href', `mailto:${contactEmail}`);
  expect(await axeViolations(page)).toEqual([]);

  // Status and note, saved together, with the history saying who changed what.
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Replied' });
  await page.getByRole('textbox', { name: 'Internal note' }).fill('Called Dana; proposal goes out Friday.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Saved', 'The status and note are saved.');
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history).toContainText(`${email} changed the status from New to Replied`);
  await expect(history).toContainText(`${email} set the note to “Called Dana; proposal goes out Friday.”`);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('replied');
  await expect(page.getByRole('textbox', { name: 'Internal note' })).toHaveValue('Called Dana; proposal goes out Friday.');

  // A change not saved is not lost to a stray click: leaving asks first, and staying keeps it; a reload
  // or closing the tab gets the browser's own question.
  const note = page.getByRole('textbox', { name: 'Internal note' });
  await note.fill('Draft: ask about the grant');
  const asked: string[] = [];
  page.once('dialog', (dialog) => void (asked.push(dialog.message()), dialog.dismiss()));
  await page.getByRole('link', { name: 'Back to the inbox' }).click();
  await expect.poll(() => asked).toEqual(['What you changed or wrote on this page is not saved or sent. Leave without saving?']);
  await expect(page).toHaveURL(/submission=/);
  await expect(note).toHaveValue('Draft: ask about the grant');
  expect(await page.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true })))).toBe(true);
  page.once('dialog', (dialog) => void dialog.accept());

  // Back to the same filtered list, narrowed to Replied, and exported.
  await page.getByRole('link', { name: 'Back to the inbox' }).click();
  await expect(page.getByRole('combobox', { name: 'Form' })).toHaveValue('assessment');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff Inbox');
  await expect(page).toHaveTitle(/^Staff Inbox \| /);
  await expect(statusFilter.locator('option')).toHaveText(['Any status (1)', 'New (0)', 'In progress (0)', 'Replied (1)', 'Closed (0)']);
  await statusFilter.selectOption({ label: 'Replied (1)' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Replied');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^inbox-\d{4}-\d{2}-\d{2}\.csv$/);
  await expectToast(page, 'Exported', '1 submission in the CSV file.');
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...records] = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
  expect(header).toEqual([
    'Name', 'Email', 'Organization', 'Received', 'Form', 'Status', 'Note', 'Assigned to', 'Follow up on', 'Submission ID', 'Link',
    'Organization Name', 'Organization Type', 'Mission Statement', 'Current Challenges', 'Technology Readiness', 'AI Experience',
    'Project Goals', 'Desired Timeline', 'Team Size', 'Estimated Budget Range', 'Full Name', 'Needs Assessment Submission: Email', 'Phone',
  ]);
  expect(records).toHaveLength(1);
  const record = Object.fromEntries(header!.map((h, i) => [h, records[0]![i]]));
  expect(record).toMatchObject({
    Form: 'Needs Assessment Submission',
    Status: 'Replied',
    Note: 'Called Dana; proposal goes out Friday.',
    'Organization Name': organization,
    'Organization Type': 'Small Business',
    'Desired Timeline': '1–3 months',
    'Technology Readiness': 'Intermediate: we use a few connected systems',
    // A spreadsheet would run these; the leading ' makes them text, line breaks and all.
    'Mission Statement': `'=HYPERLINK("http://evil.example","click")\nsecond line`,
    'Project Goals': "'+1 more volunteers; @everyone on board",
    'Full Name': 'Dana Whitfield',
    'Needs Assessment Submission: Email': contactEmail,
    Name: 'Dana Whitfield',
    Email: contactEmail,
    Organization: organization,
  });
  // The time says its offset from UTC, and the link opens this submission on /staff.
  expect(record.Received).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} [+-]\d{2}:\d{2}$/);
  expect(record.Link).toBe(new URL(`/staff?submission=${record['Submission ID']}`, page.url()).href);
  await page.goto(record.Link!);
  await expect(page.getByRole('heading', { level: 2, name: /from Dana Whitfield/ })).toBeVisible();
});

test('the inbox is usable at 390 px: a list of cards, filters behind one button, nothing wider than the screen', async ({ page }) => {
  // One more than a page, so the list ends with Show more.
  const tag = unique('phone');
  await insertRows('contact_submissions', Array.from({ length: 51 }, (_, i) => ({ name: `Sam Phone ${i}`, email: `${tag}-${i}@example.org`, subject: 'General Inquiry', message: `Hello from phone ${i}.` })));
  const { email, password } = await confirmedAccount('staff-phone');
  await makeStaff(email);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/staff');
  await signInHere(page, email, password);
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  // The search applies once typing pauses; until then the whole inbox is listed.
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(page.getByText('50 of 51 submissions shown; more below')).toBeVisible();
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(page.getByText('51 submissions shown', { exact: true })).toBeVisible();
  // Cards, not a table: who, status, form and time, and the message's first line.
  const cards = page.getByRole('list', { name: 'Submissions' }).getByRole('listitem');
  await expect(cards).toHaveCount(51);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(cards.first()).toContainText('Sam Phone 50');
  await expect(cards.first()).toContainText('New');
  await expect(cards.first()).toContainText('Contact Inquiry');
  await expect(cards.first()).toContainText('Hello from phone 50.');
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);

  // Keyboard alone: the filters open from their button, then on to the first submission, and open it.
  const filters = page.getByRole('button', { name: 'Filters' });
  await expect(page.getByRole('combobox', { name: 'Form' })).toBeHidden();
  await filters.focus();
  await page.keyboard.press('Enter');
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Form' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Status' })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  const first = cards.first().getByRole('link');
  for (let i = 0; i < 20 && !(await first.evaluate((e) => e === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Answers' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);

  // A submission opened from far down the list starts at its top, with focus on its heading.
  await page.getByRole('link', { name: 'Back to the inbox' }).click();
  const last = cards.last().getByRole('link');
  await last.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await last.click();
  const heading = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(heading).toHaveText(/^Contact Inquiry from Sam Phone \d+$/);
  await expect(heading).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(200);
});

test('Previous and Next go through the submissions of the list a submission was opened from, and stop at its ends; the list shows and searches the message', async ({ page }) => {
  const tag = unique('steps');
  // Sent oldest first, so the list shows Cam, then Bo, then Ari.
  for (const name of ['Ari', 'Bo', 'Cam']) {
    await insertRows('contact_submissions', [{ name: `${name} ${tag}`, email: `${name.toLowerCase()}-${tag}@example.org`, subject: 'Feedback', message: `${name} asks about a grant calendar for ${tag}.\nCall after lunch.` }]);
  }
  const { email, password } = await confirmedAccount('staff-steps');
  await makeStaff(email);
  await page.goto('/staff');
  await signInHere(page, email, password);
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(4);
  await page.getByRole('link', { name: `Bo ${tag}` }).click();

  const heading = page.getByRole('main').getByRole('heading', { level: 2 });
  const steps = page.getByRole('navigation', { name: 'Submissions in this list' });
  await expect(heading).toHaveText(`Contact Inquiry from Bo ${tag}`);
  await steps.getByRole('link', { name: 'Next →' }).click();
  await expect(heading).toHaveText(`Contact Inquiry from Ari ${tag}`);
  await expect(heading).toBeFocused();
  // The oldest of the list: nothing after it.
  await expect(steps.getByRole('link')).toHaveText(['← Previous']);
  await steps.getByRole('link', { name: '← Previous' }).click();
  await expect(heading).toHaveText(`Contact Inquiry from Bo ${tag}`);
  await steps.getByRole('link', { name: '← Previous' }).click();
  await expect(heading).toHaveText(`Contact Inquiry from Cam ${tag}`);
  await expect(steps.getByRole('link')).toHaveText(['Next →']);
  expect(await axeViolations(page)).toEqual([]);
  // Back returns to the same list, search kept; each row shows the first line of its message.
  await page.getByRole('link', { name: 'Back to the inbox' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(tag);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(4);
  await expect(page.getByRole('row').filter({ hasText: `Bo ${tag}` })).toContainText(`Bo asks about a grant calendar for ${tag}.`);
  // The search reads every answer, not just who sent it: words from a message find it.
  await page.getByRole('searchbox', { name: 'Search' }).fill(`Bo asks about a GRANT calendar for ${tag}`);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(`Bo ${tag}`);
});

test('an email address in the inbox wraps only before its @, never inside a word', async ({ page }) => {
  const tag = unique('wrap');
  const long = `${tag}-with-a-rather-long-mailbox-name.and-more@long-organisation-domain.example.org`;
  await insertRows('contact_submissions', [{ name: 'Wren Long', email: long, subject: 'Feedback', message: 'Hello.' }]);
  const { email, password } = await confirmedAccount('staff-wrap');
  await makeStaff(email);
  await page.goto('/staff');
  await signInHere(page, email, password);
  const cell = page.getByRole('row').filter({ hasText: 'Wren Long' }).getByRole('cell').nth(4);
  await expect(cell).toHaveText(long);
  // The text up to the @, and from it, each on one line of its own.
  const lines = await cell.evaluate((td) => {
    const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    while (walker.nextNode()) nodes.push(walker.currentNode as Text);
    const linesOf = (node: Text) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    };
    return { parts: nodes.map((n) => n.data), lines: nodes.map(linesOf) };
  });
  expect(lines.parts.join('')).toBe(long);
  expect(lines.lines.every((count) => count === 1)).toBe(true);
});

test('a visitor’s direction-changing characters stay inside their own text, in the inbox and on the submission page', async ({ page }) => {
  const tag = unique('bidi');
  const name = 'Ana \u202eztiuR';
  await insertRows('contact_submissions', [{ name, email: `${tag}@example.org`, subject: 'Feedback', message: `Hello \u202e from ${tag}` }]);
  const { email, password } = await confirmedAccount('staff-bidi');
  await makeStaff(email);
  await page.goto('/staff');
  await signInHere(page, email, password);
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  const row = page.getByRole('table').getByRole('row').filter({ hasText: `${tag}@example.org` });
  await expect(row).toHaveCount(1);
  // Every visitor-supplied cell of the row holds its text in a <bdi>, which the browser lays out on its own.
  await expect(row.locator('bdi')).toHaveText([name, `Hello \u202e from ${tag}`, `${tag}@example.org`, '']);
  // Opened while the search waits for typing to pause (the row is already the newest one shown): the
  // search must neither replace the open submission nor be forgotten by Back.
  await row.getByRole('link').click();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).locator('bdi')).toHaveText(name);
  await expect(page.getByRole('region', { name: 'Answers' }).locator('bdi').filter({ hasText: tag }).first()).toBeVisible();
  await page.waitForTimeout(600);
  await expect(page.getByRole('region', { name: 'Answers' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(tag);
  await expect(page.getByText('1 submission shown')).toBeVisible();
});

test('staff see what the forms bring in: submissions per day and how each question was answered, numbers in tables', async ({ page }) => {
  // No other test sends this subject, so its count is this test's own.
  const subject = 'AI Integration Question';
  const { email, password } = await confirmedAccount('staff');
  await makeStaff(email);
  await page.goto('/staff?view=overview&form=contact&days=7');
  await signInHere(page, email, password);
  await expect(page.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff Overview');
  await expect(page).toHaveTitle(/^Staff Overview \| /);
  await expect(page.getByRole('heading', { name: 'Submissions per day' })).toBeVisible();
  const subjects = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Answer' }) }).first();
  const countOf = async () => {
    const row = subjects.getByRole('row').filter({ has: page.getByRole('rowheader', { name: subject, exact: true }) });
    return (await row.count()) ? Number(await row.getByRole('cell').first().textContent()) : 0;
  };
  await expect(page.getByRole('heading', { name: 'Subject' })).toBeVisible();
  const before = await countOf();

  const tag = unique('asks');
  await insertRows('contact_submissions', [
    { name: `Ana ${tag}`, email: `${unique('ana')}@example.org`, subject, message: 'How would AI help our intake?' },
    { name: `Bo ${tag}`, email: `${unique('bo')}@example.org`, subject, message: 'A second question about AI.' },
  ]);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Subject' })).toBeVisible();
  await expect.poll(countOf).toBe(before + 2);
  // Today's row of the day-by-day table counts them too.
  await page.getByText('The numbers, day by day').click();
  const today = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' }).format(new Date());
  const todayRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: today, exact: true }) });
  expect(Number(await todayRow.getByRole('cell').first().textContent())).toBeGreaterThanOrEqual(2);
  expect(await axeViolations(page)).toEqual([]);

  // An answer opens the inbox of the submissions that gave it.
  await subjects.getByRole('link', { name: subject, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`form=contact&field=subject&answer=${encodeURIComponent(subject).replaceAll('%20', '\\+')}`));
  await expect(page.getByText(`Only submissions whose Subject is ${subject}.`)).toBeVisible();
  const listed = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Received' }) }).getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(listed.filter({ hasText: `Ana ${tag}` })).toHaveCount(1);
  await expect(listed.filter({ hasText: `Bo ${tag}` })).toHaveCount(1);
  for (const row of await listed.all()) await expect(row).toContainText('Contact Inquiry');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Show every answer' }).click();
  await expect(page).not.toHaveURL(/answer=/);
  await page.goto('/staff?view=overview&form=contact&days=7');

  // Every form together: no question counts, and the inbox is one link away.
  await page.getByRole('combobox', { name: 'Form' }).selectOption({ label: 'All forms' });
  await expect(page).toHaveURL(/view=overview&days=7$/);
  await expect(page.getByText('Choose a form to see how its questions were answered')).toBeVisible();
  await page.getByRole('link', { name: 'Inbox' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
});

test('staff see where visitors leave the assessment: each step a visit reaches and sends counts once, with the step titles', async ({ page, browser }) => {
  const { email, password } = await confirmedAccount('staff-funnel');
  await makeStaff(email);
  await page.goto('/staff?view=overview&form=assessment&days=7');
  await signInHere(page, email, password);
  const funnel = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Visits that reached it' }) });
  await expect(funnel).toBeVisible();
  const steps = [...assessment.definition.steps!.map((s) => s.title), 'Sent'];
  await expect(funnel.getByRole('rowheader')).toHaveText(steps);
  const reached = async () => Promise.all(steps.map(async (title) => Number(await funnel.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) }).getByRole('cell').first().textContent())));
  const before = await reached();

  // A visitor, in a browser of their own, goes through every step, back once, and sends. Their steps are
  // counted from an address of their own, as a real visitor's are: the other tests walk the assessment from
  // 127.0.0.1 more often in a day than one address may count (100 steps, record_form_step).
  const visitor = await (await browser.newContext()).newPage();
  const from = `127.${10 + Math.floor(Math.random() * 200)}.0.${1 + Math.floor(Math.random() * 250)}`;
  await visitor.route(`${apiUrl}/rest/v1/rpc/record_form_step`, async (route) => {
    const { apikey, authorization } = route.request().headers();
    const answer = await send(apiUrl, 'POST', '/rest/v1/rpc/record_form_step', { headers: { apikey: apikey!, Authorization: authorization!, 'Content-Type': 'application/json' }, body: route.request().postData() ?? '', from });
    await route.fulfill({ status: answer.status, body: answer.body });
  });
  await visitor.goto(assessment.entry.page.path);
  const answers = answersFor(assessment.definition, { contact_email: `${unique('funnel')}@example.org` });
  for (const [i, step] of assessment.definition.steps!.entries()) {
    await answerAll(visitor, visitor, assessment.definition, answers, step.fields);
    if (i === 1) {
      await visitor.getByRole('button', { name: 'Previous' }).click();
      await visitor.getByRole('button', { name: 'Next' }).click();
    }
    if (i < assessment.definition.steps!.length - 1) await visitor.getByRole('button', { name: 'Next' }).click();
  }
  await visitor.getByRole('button', { name: submitText(assessment.definition) }).click();
  await expect(visitor.getByRole('heading', { name: assessment.entry.page.sent!.title })).toBeFocused({ timeout: SENDING_MS });
  await visitor.context().close();

  await expect.poll(async () => (await page.reload(), await reached()), { timeout: 15_000 }).toEqual(before.map((n) => n + 1));
  // Time on each step is a range, and the chart's numbers are a table, axe clean.
  await expect(funnel.getByRole('row').filter({ has: page.getByRole('rowheader', { name: steps[0], exact: true }) }).getByRole('cell').nth(2)).toHaveText(/\d+ (s|min)/);
  expect(await axeViolations(page)).toEqual([]);

  // Every number question summed up, and every question answered in words with its latest answers, this visitor's among them.
  const properties = assessment.definition.schema.properties as Record<string, { type?: string; title?: string; oneOf?: unknown; pattern?: string; default?: unknown }>;
  for (const [field, definition] of Object.entries(properties)) {
    if (definition.type === 'integer') await expect(page.getByRole('heading', { name: definition.title, exact: true })).toBeVisible();
    // An empty answer the form saves as its default (team size: 0) is said to count as that number.
    if (definition.type === 'integer' && typeof definition.default === 'number') {
      await expect(page.getByRole('heading', { name: definition.title, exact: true }).locator('xpath=..')).toContainText(`Left empty, this question is saved as ${definition.default}`);
    }
    if (definition.type === 'string' && !definition.oneOf && !definition.pattern) {
      const latest = page.getByRole('heading', { name: `${definition.title}: the latest answers` });
      await expect(latest).toBeVisible();
      if (typeof answers[field] === 'string') await expect(latest.locator('xpath=..')).toContainText(String(answers[field]));
    }
  }
  // Usable on a phone: nothing wider than the screen, once the charts have followed the narrower window
  // (they measure their box after it resized).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);
});

for (const width of [1366, 390]) {
  test(`what is new to me at ${width} px: unread marked and counted in the nav and the tab title, read on opening, unread again, arrivals listed by themselves, all read`, async ({ page }) => {
    const { email, password } = await confirmedAccount(`staff-unread-${width}`);
    await makeStaff(email);
    // Arrived after this staff member joined: new to them.
    const tag = unique('fresh');
    await insertRows('contact_submissions', [
      { name: `Rosa Arrival ${tag}`, email: `rosa-${tag}@example.org`, subject: 'General Inquiry', message: 'First.' },
      { name: `Tomas Arrival ${tag}`, email: `tomas-${tag}@example.org`, subject: 'General Inquiry', message: 'Second.' },
    ]);
    // A fake clock that runs on its own, so the list's 20-second check can be skipped to.
    await page.clock.install();
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/staff');
    await signInHere(page, email, password);
    const inboxLink = page.getByRole('navigation', { name: 'Staff views' }).getByRole('link').first();
    await expect(inboxLink).toHaveText('Inbox (2 unread)');
    await expect(page).toHaveTitle(/^\(2\) Staff Inbox/);
    const entries = width > 900 ? page.getByRole('row') : page.getByRole('list', { name: 'Submissions' }).getByRole('listitem');
    const entry = (name: string) => entries.filter({ hasText: `${name} Arrival ${tag}` });
    const mark = (name: string) => entry(name).getByText('Unread', { exact: true });
    await expect(mark('Rosa')).toBeVisible();
    await expect(mark('Tomas')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Opening reads it (for this staff member), and the count follows.
    await entry('Tomas').getByRole('link', { name: `Tomas Arrival ${tag}` }).click();
    await expect(page).toHaveTitle(new RegExp(`^\\(1\\) Contact Inquiry from Tomas Arrival ${tag}`));
    await page.getByRole('link', { name: 'Back to the inbox' }).click();
    await expect(inboxLink).toHaveText('Inbox (1 unread)');
    await expect(mark('Tomas')).toHaveCount(0);
    await expect(mark('Rosa')).toBeVisible();

    // Marked unread again from its page: back in the list, new again.
    await entry('Tomas').getByRole('link', { name: `Tomas Arrival ${tag}` }).click();
    await page.getByRole('button', { name: 'Mark as unread' }).click();
    await expectToast(page, 'Marked unread', 'It is new to you again in the inbox.');
    await expect(inboxLink).toHaveText('Inbox (2 unread)');
    await expect(mark('Tomas')).toBeVisible();

    // Only the unread ones, kept in the address.
    if (width < 900) await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('combobox', { name: 'Show' }).selectOption('Unread only');
    await expect(page).toHaveURL(/unread=1/);
    await expect(entries.filter({ hasText: tag })).toHaveCount(2);

    // One arrives while the list is open: listed, marked and counted without a reload.
    await insertRows('contact_submissions', [{ name: `Ines Arrival ${tag}`, email: `ines-${tag}@example.org`, subject: 'Feedback', message: 'Third.' }]);
    await page.clock.fastForward(21_000);
    // The poll's answer and the list it reloads can take longer than 5 s on a busy two-core host (CI).
    await expect(mark('Ines')).toBeVisible({ timeout: 15_000 });
    await expect(inboxLink).toHaveText('Inbox (3 unread)');
    await expect(page).toHaveTitle(/^\(3\) Staff Inbox/);

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expectToast(page, 'All read', 'Everything that has arrived is marked read for you.');
    await expect(inboxLink).toHaveText('Inbox');
    await expect(page).toHaveTitle(/^Staff Inbox/);
    await expect(page.getByText('No submissions match these filters.')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await axeViolations(page)).toEqual([]);
  });
}

for (const width of [1366, 390]) {
  test(`who has it at ${width} px: assign to a colleague, who is emailed; the history says who; mine and nobody’s`, async ({ page }) => {
    const colleague = await confirmedAccount(`colleague-${width}`);
    await makeStaff(colleague.email);
    const { email, password } = await confirmedAccount(`staff-assign-${width}`);
    await makeStaff(email);
    const tag = unique('assign');
    await insertRows('contact_submissions', [{ name: `Noor ${tag}`, email: `noor-${tag}@example.org`, subject: 'Service Request', message: 'Can someone call us?' }]);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/staff?q=${tag}`);
    await signInHere(page, email, password);
    const entries = inboxEntries(page, width, tag);
    await expect(entries).toHaveCount(1);
    await expect(entries).toContainText(width > 900 ? 'Nobody yet' : 'Not assigned');

    await entries.getByRole('link', { name: `Noor ${tag}` }).click();
    const assigned = page.getByRole('combobox', { name: 'Assigned to' });
    await expect(assigned).toHaveValue('');
    await assigned.selectOption({ label: colleague.email });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Saved', 'The status, note and assignment are saved.');
    await expect(page.getByRole('region', { name: 'History' })).toContainText(`${email} assigned it to ${colleague.email}`);
    expect(await axeViolations(page)).toEqual([]);
    // The colleague's email, from the outbox: who assigned it, and the answers.
    await expect
      .poll(async () => (await mail()).find((m) => m.to.includes(colleague.email) && m.subject.startsWith('Assigned to you: '))?.text ?? '', { timeout: 15_000 })
      .toContain(`${email} assigned this submission to you.`);

    await page.getByRole('link', { name: 'Back to the inbox' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff Inbox');
    await expect(entries).toContainText(colleague.email);
    if (width < 900) await page.getByRole('button', { name: /^Filters/ }).click();
    const filter = page.getByRole('combobox', { name: 'Assigned to' });
    await filter.selectOption({ label: 'Nobody yet' });
    await expect(page).toHaveURL(/assigned=nobody/);
    await expect(page.getByText('No submissions match these filters.')).toBeVisible();
    await filter.selectOption({ label: 'Me' });
    await expect(page.getByText('No submissions match these filters.')).toBeVisible();

    // Taken back by the signed-in staff member: theirs ("You"), and no email to themselves.
    await filter.selectOption({ label: 'Anyone' });
    await entries.getByRole('link', { name: `Noor ${tag}` }).click();
    await page.getByRole('combobox', { name: 'Assigned to' }).selectOption({ label: `${email} (you)` });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Saved', 'The status, note and assignment are saved.');
    await page.getByRole('link', { name: 'Back to the inbox' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff Inbox');
    if (width < 900) await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('combobox', { name: 'Assigned to' }).selectOption({ label: 'Me' });
    await expect(entries).toHaveCount(1);
    await expect(entries).toContainText('You');
    expect((await mail()).filter((m) => m.to.includes(email) && m.subject.startsWith('Assigned to you: '))).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await axeViolations(page)).toEqual([]);
  });
}

for (const width of [1366, 390]) {
  test(`spam and deletion at ${width} px: spam leaves the inbox for the Spam view and comes back; deleted for good only once confirmed, and the history says who`, async ({ page }) => {
    const { email, password } = await confirmedAccount(`staff-spam-${width}`);
    await makeStaff(email);
    const tag = unique('spam');
    await insertRows('contact_submissions', [
      { name: `Junk ${tag}`, email: `junk-${tag}@example.org`, subject: 'Service Request', message: 'Cheap followers for your page' },
      { name: `Test ${tag}`, email: `test-${tag}@example.org`, subject: 'Service Request', message: 'A test entry, please delete' },
    ]);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/staff?q=${tag}`);
    await signInHere(page, email, password);
    const entries = inboxEntries(page, width, tag);
    const show = (label: string) => showInInbox(page, width, label);
    await expect(entries).toHaveCount(2);

    await entries.getByRole('link', { name: `Junk ${tag}` }).click();
    await page.getByRole('button', { name: 'Mark as spam' }).click();
    await expectToast(page, 'Marked as spam', 'It is out of the inbox, and deleted in 30 days unless you take it back (Show: Spam).');
    await expect(entries).toHaveCount(1);
    await expect(entries).toContainText(`Test ${tag}`);
    await show('Spam');
    await expect(page).toHaveURL(/spam=1/);
    await expect(page.getByText('Marked as spam: out of the inbox, its counts and the overview')).toBeVisible();
    await expect(entries).toHaveCount(1);
    await entries.getByRole('link', { name: `Junk ${tag}` }).click();
    await expect(page.getByText(/^Marked as spam .+: it is deleted 30 days later unless you take it back\.$/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'History' })).toContainText(`${email} marked it as spam`);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Not spam' }).click();
    await expectToast(page, 'Not spam', 'It is back in the inbox.');
    await expect(page.getByText('No submissions match these filters.')).toBeVisible();
    await show('Read and unread');
    await expect(entries).toHaveCount(2);

    // Deleting asks first: dismissed, nothing is deleted; confirmed, the answers are gone and a marker says who.
    await entries.getByRole('link', { name: `Test ${tag}` }).click();
    const questions: string[] = [];
    page.once('dialog', (dialog) => void (questions.push(dialog.message()), dialog.dismiss()));
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await expect.poll(() => questions).toHaveLength(1);
    expect(questions[0]).toContain('Delete this submission for good?');
    await expect(page.getByRole('heading', { level: 2, name: `Contact Inquiry from Test ${tag}` })).toBeVisible();
    expect(await rows('contact_submissions', `email=eq.test-${tag}@example.org`)).toHaveLength(1);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await expectToast(page, 'Deleted', 'The submission is deleted for good.');
    await expect(entries).toHaveCount(1);
    expect(await rows('contact_submissions', `email=eq.test-${tag}@example.org`)).toEqual([]);
    const [marker] = await rows<{ submission_id: string }>('staff_inbox', `deleted_by=eq.${encodeURIComponent(email)}`);
    await page.goto(`/staff?submission=${marker!.submission_id}`);
    await expect(page.getByRole('heading', { level: 2, name: `Contact Inquiry, deleted by ${email}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'History' })).toContainText(`${email} deleted it for good`);
    await expect(page.getByRole('button', { name: 'Delete for good' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await axeViolations(page)).toEqual([]);
  });
}

for (const width of [1366, 390]) {
  test(`many at once at ${width} px: select with the keyboard and the pointer (Shift for a run), set the status, assign, mark as spam, and undo each`, async ({ page }) => {
    const { email, password } = await confirmedAccount(`staff-bulk-${width}`);
    await makeStaff(email);
    const tag = unique('bulk');
    const names = ['Ada', 'Ben', 'Cy', 'Dee'].map((n) => `${n} ${tag}`);
    // Inserted oldest first: the list shows Dee, Cy, Ben, Ada.
    for (const name of names) await insertRows('contact_submissions', [{ name, email: `${name.split(' ')[0]!.toLowerCase()}-${tag}@example.org`, subject: 'Service Request', message: 'Please call' }]);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/staff?q=${tag}`);
    await signInHere(page, email, password);
    const entries = inboxEntries(page, width, tag);
    await expect(entries).toHaveCount(4);
    const box = (name: string) => page.getByRole('checkbox', { name: `Select ${name}` });
    const bar = page.getByRole('region', { name: 'Change the selected submissions' });
    const statuses = async () => Object.fromEntries((await rows<{ name: string; status: string }>('staff_inbox', `name=like.*${tag}`)).map((r) => [r.name.split(' ')[0], r.status]));

    // The keyboard: Tab to a box, Space selects it. The pointer: a click, then Shift+click takes the run.
    await box(names[3]!).focus();
    await page.keyboard.press('Space');
    await expect(box(names[3]!)).toBeChecked();
    await box(names[1]!).click({ modifiers: ['Shift'] });
    for (const name of [names[3]!, names[2]!, names[1]!]) await expect(box(name)).toBeChecked();
    await expect(box(names[0]!)).not.toBeChecked();
    await expect(bar).toContainText('3 submissions selected');
    await expect(bar).toBeInViewport();
    expect(await axeViolations(page)).toEqual([]);

    await bar.getByRole('combobox', { name: 'Set status' }).selectOption({ label: 'Closed' });
    await expect(page.getByRole('status').filter({ hasText: 'Status set to Closed for 3 submissions.' })).toBeVisible();
    await expect(bar).toHaveCount(0);
    expect(await statuses()).toEqual({ Ada: 'new', Ben: 'closed', Cy: 'closed', Dee: 'closed' });
    // Undo puts back each one's own status.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expectToast(page, 'Undone', 'Each submission is as it was before the change.');
    await expect.poll(statuses).toEqual({ Ada: 'new', Ben: 'new', Cy: 'new', Dee: 'new' });
    // (Its toast has gone before the next undo says the same.)
    await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 10_000 });

    // Everything listed, assigned to oneself; then marked as spam and taken back.
    const all = page.getByRole('checkbox', { name: 'Select all listed' });
    await all.check();
    await expect(bar).toContainText('4 submissions selected');
    await bar.getByRole('combobox', { name: 'Assign to' }).selectOption({ label: `${email} (you)` });
    await expect(page.getByRole('status').filter({ hasText: `4 submissions assigned to ${email}.` })).toBeVisible();
    await expect(entries.filter({ hasText: width > 900 ? 'You' : 'Assigned to You' })).toHaveCount(4);
    await all.check();
    await bar.getByRole('button', { name: 'Mark as spam' }).click();
    await expect(page.getByRole('status').filter({ hasText: '4 submissions marked as spam.' })).toBeVisible();
    await expect(page.getByText('No submissions match these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expectToast(page, 'Undone', 'Each submission is as it was before the change.');
    await expect(entries).toHaveCount(4);
    expect((await rows<{ spam_at: string | null }>('staff_inbox', `name=like.*${tag}`)).every((r) => r.spam_at === null)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test.describe('the staff inbox looks as approved', () => {
  // Times are shown in the reader's zone: one zone, and fixed times, for the same picture every run.
  test.use({ timezoneId: 'UTC' });
  for (const width of [390, 1366]) {
    test(`at ${width} px`, async ({ page }) => {
      // The same names every run; the search finds this run's three by a word on their message's second line.
      const tag = unique('look');
      await insertRows('contact_submissions', [
        { name: 'Ada Lovelace', email: 'ada@example.org', subject: 'General Inquiry', message: `We would like a board retreat in spring.\n${tag}`, created_at: '2026-11-20T09:15:00Z' },
        { name: 'Grace Hopper', email: 'grace.hopper@navy-yard.example.org', subject: 'Service Request', message: `Can you help us choose a CRM?\n${tag}`, created_at: '2026-11-21T14:40:00Z' },
        { name: 'Katherine Johnson', email: 'katherine@example.org', subject: 'Feedback', message: `Thank you for the grant workshop.\n${tag}`, created_at: '2026-11-22T16:05:00Z' },
      ]);
      const { email, password } = await confirmedAccount(`staff-look-${width}`);
      await makeStaff(email);
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/staff');
      await signInHere(page, email, password);
      await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
      await expect(page.getByText('3 submissions shown', { exact: true })).toBeVisible();
      // One of them new to this staff member again, so the picture shows how unread looks and is counted.
      await page.getByRole('link', { name: 'Katherine Johnson' }).click();
      await page.getByRole('button', { name: 'Mark as unread' }).click();
      await expect(page.getByRole('navigation', { name: 'Staff views' }).getByRole('link').first()).toHaveText('Inbox (1 unread)');
      await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 10_000 });
      await settle(page);
      // This run's word and staff address, and whether the staff email has gone yet (the delivery sweep's timing), change every run.
      const options = shotWithMasks(page, page.getByRole('searchbox', { name: 'Search' }), page.getByRole('row').locator('td:nth-child(8)'), page.getByRole('banner').getByText(email));
      await expect(page, `The staff inbox ${ACCEPT}`).toHaveScreenshot(`staff-inbox@${width}.png`, { fullPage: true, ...options });
    });
  }
});
