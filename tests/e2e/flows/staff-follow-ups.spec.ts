/**
 * Follow-ups as staff use them (issue 41, item 7; decision 048): a date set on a submission's page makes it
 * due that day, marked in the list, counted in its holder's nav and listed by "Show: Due for follow-up",
 * until it is closed; the history says who set it for when. The morning digest is tested where its clock can be set
 * (tests/db/staff-follow-ups.test.ts, tests/functions/send-form-notification.test.ts).
 */
import { confirmedAccount, insertRows, makeStaff } from '../backend';
import { axeViolations, expect, test } from '../fixtures';
import { expectToast, inboxEntries, showInInbox, signInHere, unique } from './helpers';

for (const width of [1366, 390]) {
  test(`follow-ups at ${width} px: a date makes it due, marked, counted and listed under Due until it is closed`, async ({ page }) => {
    const { email, password } = await confirmedAccount(`staff-follow-up-${width}`);
    await makeStaff(email);
    const tag = unique('follow');
    await insertRows('contact_submissions', [{ name: `Rosa ${tag}`, email: `rosa-${tag}@example.org`, subject: 'Service Request', message: 'Call me next week' }]);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/staff?q=${tag}`);
    await signInHere(page, email, password);
    const entries = inboxEntries(page, width, tag);
    const show = (label: string) => showInInbox(page, width, label);
    await expect(entries).toHaveCount(1);
    await expect(entries).not.toContainText('Due');

    await entries.getByRole('link', { name: `Rosa ${tag}` }).click();
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    const day = await page.evaluate((ymd) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${ymd}T12:00:00Z`)), today);
    const date = page.getByRole('textbox', { name: 'Follow up on' });
    await expect(date).toHaveValue('');
    await date.fill(today);
    await page.getByRole('combobox', { name: 'Assigned to' }).selectOption({ label: `${email} (you)` });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Saved', 'The status, note, assignment and follow-up date are saved.');
    await expect(page.getByRole('region', { name: 'History' })).toContainText(`${email} set a follow-up for ${day}`);
    await expect(page.getByRole('textbox', { name: 'Follow up on' })).toHaveValue(today);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Back to the inbox' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff Inbox');
    await expect(entries).toContainText(`Due ${day}`);
    // The nav counts the due follow-ups this staff member holds, and leads to everyone's.
    await page.getByRole('navigation', { name: 'Staff views' }).getByRole('link', { name: 'Due (1)' }).click();
    await expect(page).toHaveURL(/\/staff\?due=1$/);
    await expect(page.getByRole('link', { name: `Rosa ${tag}` })).toBeVisible();
    await page.goto(`/staff?q=${tag}`);
    await show('Due for follow-up');
    await expect(page).toHaveURL(/due=1/);
    await expect(page.getByText('Due for follow-up: dated today or earlier, and not closed.')).toBeVisible();
    await expect(entries).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await axeViolations(page)).toEqual([]);

    // Closed, it is dealt with: no longer due, though the date stays in its history.
    await entries.getByRole('link', { name: `Rosa ${tag}` }).click();
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Closed' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Saved', 'The status and note are saved.');
    await page.getByRole('link', { name: 'Back to the inbox' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff Inbox');
    await expect(page).toHaveURL(/due=1/);
    await expect(page.getByText('No submissions match these filters.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Staff views' }).getByRole('link', { name: /^Due/ })).toHaveCount(0);
    await show('Read and unread');
    await expect(entries).toHaveCount(1);
    await expect(entries).not.toContainText('Due');
  });
}

test('a due submission marked as spam shows no Due mark in the Spam view: spam is never due', async ({ page }) => {
  const { email, password } = await confirmedAccount('staff-follow-up-spam');
  await makeStaff(email);
  const tag = unique('duespam');
  await insertRows('contact_submissions', [{ name: `Vic ${tag}`, email: `vic-${tag}@example.org`, subject: 'Service Request', message: 'Buy followers' }]);
  await page.goto(`/staff?q=${tag}`);
  await signInHere(page, email, password);
  const entries = inboxEntries(page, 1366, tag);
  await entries.getByRole('link', { name: `Vic ${tag}` }).click();
  await page.getByRole('textbox', { name: 'Follow up on' }).fill(await page.evaluate(() => new Date().toLocaleDateString('en-CA')));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Saved', 'The status, note and follow-up date are saved.');
  await page.getByRole('button', { name: 'Mark as spam' }).click();
  await expectToast(page, 'Marked as spam', 'It is out of the inbox, and deleted in 30 days unless you take it back (Show: Spam).');
  await showInInbox(page, 1366, 'Spam');
  await expect(entries).toHaveCount(1);
  await expect(entries).not.toContainText('Due');
});
