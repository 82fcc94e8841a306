/**
 * Answering from the page (issue 41, item 6; decision 049): staff start a reply from one of the form's
 * replies (schemas/contact.replies.json) with the sender's answers in, change it, and send it; it reaches
 * the sender signed with their name, Reply-To the team, is listed on the page and in the history, and the
 * submission becomes Replied. Leaving with a reply half written asks first.
 */
import { notificationForms } from '../../../form-model/generated/notification-forms';
import { confirmedAccount, insertRows, mail, makeStaff } from '../backend';
import { allowProblems, axeViolations, expect, test } from '../fixtures';
import { expectToast, signInHere, unique } from './helpers';
import { ACCEPT, settle, shotWithMasks } from '../visual';

const TEAM = 'team@localhost';

for (const width of [1366, 390]) {
  test(`replies at ${width} px: from a template with the sender's answers in, sent once, listed, in the history, and Replied`, async ({ page }) => {
    const { email, password } = await confirmedAccount(`staff-reply-${width}`);
    await makeStaff(email);
    const tag = unique('reply');
    const sender = `noor-${tag}@example.org`;
    await insertRows('contact_submissions', [{ name: `Noor ${tag}`, email: sender, subject: 'Partnership Opportunity', message: 'Could we work together?' }]);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/staff?q=${tag}`);
    await signInHere(page, email, password);
    await page.getByRole('link', { name: `Noor ${tag}` }).click();
    await page.getByRole('link', { name: 'Reply', exact: true }).click();
    const composer = page.getByRole('region', { name: `Reply to Noor ${tag}` });
    await expect(composer).toBeInViewport();

    // Half written, leaving asks first; staying keeps every word.
    const message = composer.getByRole('textbox', { name: 'Message' });
    await message.fill('Dear Noor, a first thought');
    const asked: string[] = [];
    page.once('dialog', (dialog) => void (asked.push(dialog.message()), dialog.dismiss()));
    await page.getByRole('link', { name: 'Back to the inbox' }).click();
    await expect.poll(() => asked).toEqual(['What you changed or wrote on this page is not saved or sent. Leave without saving?']);
    await expect(message).toHaveValue('Dear Noor, a first thought');

    // A template replaces it only once staff agree; the answers are filled in.
    const first = Object.values(notificationForms).find((form) => form.id === 'contact')!.replies![0]!;
    page.once('dialog', (dialog) => void dialog.accept());
    await composer.getByRole('combobox', { name: 'Start from' }).selectOption({ label: first.title });
    await expect(composer.getByRole('textbox', { name: 'Subject' })).toHaveValue('Re: Partnership Opportunity');
    await expect(message).toHaveValue(first.body.replace('{name}', `Noor ${tag}`).replace('{subject}', 'Partnership Opportunity'));
    await message.press('End');
    await message.pressSequentially('\nP.S. Thursday works for us.');
    expect(await axeViolations(page)).toEqual([]);
    await composer.getByRole('button', { name: 'Send reply' }).click();
    await expectToast(page, 'Reply sent', `Your reply to ${sender} is on its way.`);

    await expect(composer.getByRole('list', { name: 'Replies sent' })).toContainText('Re: Partnership Opportunity');
    await expect(composer.getByRole('list', { name: 'Replies sent' })).toContainText(': sent');
    await expect(message).toHaveValue('');
    const history = page.getByRole('region', { name: 'History' });
    await expect(history).toContainText(`${email} replied: “Re: Partnership Opportunity”`);
    await expect(history).toContainText(`${email} changed the status from New to Replied`);
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('replied');

    const replies = (await mail()).filter((m) => m.to.includes(sender) && m.subject === 'Re: Partnership Opportunity');
    expect(replies).toHaveLength(1);
    expect(replies[0]!.replyTo).toBe(TEAM);
    expect(replies[0]!.text).toContain('P.S. Thursday works for us.\n\nAna Ruiz\nKeystone Impact Partners');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await axeViolations(page)).toEqual([]);
  });
}

test.describe('a submission’s page, with its reply and follow-up, looks as approved', () => {
  // Times are shown in the reader's zone: one zone, and a fixed time, for the same picture every run.
  test.use({ timezoneId: 'UTC' });
  for (const width of [390, 1366]) {
    test(`at ${width} px`, async ({ page }) => {
      const id = crypto.randomUUID();
      await insertRows('contact_submissions', [
        { id, name: 'Grace Hopper', email: 'grace.hopper@navy-yard.example.org', subject: 'Service Request', message: 'Can you help us choose a CRM?\nWe are twelve people.', created_at: '2026-11-21T14:40:00Z' },
      ]);
      const { email, password } = await confirmedAccount(`staff-reply-look-${width}`);
      await makeStaff(email);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/staff?submission=${id}`);
      await signInHere(page, email, password);
      await expect(page.getByRole('heading', { level: 2, name: 'Contact Inquiry from Grace Hopper' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('Re: Contact Inquiry: Grace Hopper');
      await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 10_000 });
      await settle(page);
      // This run's staff address, whether the staff email has gone yet (the sweep's timing), and the
      // neighbours in the list (other runs' submissions) change every run.
      const options = shotWithMasks(
        page,
        page.getByRole('banner').getByText(email),
        page.getByText(/^Received .* · Staff email: /),
        page.getByRole('navigation', { name: 'Submissions in this list' }),
      );
      await expect(page, `The submission page ${ACCEPT}`).toHaveScreenshot(`staff-submission@${width}.png`, { fullPage: true, ...options });
    });
  }
});

test('a reply sent while the workflow has unsaved changes keeps them: the typed date and note stay, the status follows to Replied', async ({ page }) => {
  const { email, password } = await confirmedAccount('staff-reply-keeps-draft');
  await makeStaff(email);
  const tag = unique('keep');
  await insertRows('contact_submissions', [{ name: `Ines ${tag}`, email: `ines-${tag}@example.org`, subject: 'Service Request', message: 'Can you help?' }]);
  await page.goto(`/staff?q=${tag}`);
  await signInHere(page, email, password);
  await page.getByRole('link', { name: `Ines ${tag}` }).click();
  const date = page.getByRole('textbox', { name: 'Follow up on' });
  await date.fill('2031-05-06');
  await page.getByRole('textbox', { name: 'Internal note' }).fill('Call her on Tuesday');

  await page.getByRole('link', { name: 'Reply', exact: true }).click();
  const composer = page.getByRole('region', { name: `Reply to Ines ${tag}` });
  await composer.getByRole('textbox', { name: 'Subject' }).fill('Re: Service Request');
  await composer.getByRole('textbox', { name: 'Message' }).fill('Yes, gladly.');
  await composer.getByRole('button', { name: 'Send reply' }).click();
  await expectToast(page, 'Reply sent', `Your reply to ines-${tag}@example.org is on its way.`);
  await expect(page.getByRole('region', { name: 'History' })).toContainText('changed the status from New to Replied');

  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('replied');
  await expect(date).toHaveValue('2031-05-06');
  await expect(page.getByRole('textbox', { name: 'Internal note' })).toHaveValue('Call her on Tuesday');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Saved', 'The status, note and follow-up date are saved.');
  await expect(page.getByRole('region', { name: 'History' })).toContainText('set a follow-up for May 6, 2031');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('replied');
});

test('a save whose reload fails keeps the page and the reply being written, and says the page is not up to date', async ({ page, pageProblems }) => {
  const { email, password } = await confirmedAccount('staff-reload-fails');
  await makeStaff(email);
  const tag = unique('reload');
  await insertRows('contact_submissions', [{ name: `Jo ${tag}`, email: `jo-${tag}@example.org`, subject: 'Feedback', message: 'Thanks!' }]);
  await page.goto(`/staff?q=${tag}`);
  await signInHere(page, email, password);
  await page.getByRole('link', { name: `Jo ${tag}` }).click();
  await page.getByRole('link', { name: 'Reply', exact: true }).click();
  const composer = page.getByRole('region', { name: `Reply to Jo ${tag}` });
  await composer.getByRole('textbox', { name: 'Message' }).fill('Half written');
  // The save goes through; the page's reading of the submission afterwards does not.
  await page.route('**/rest/v1/staff_inbox_events*', (route) => route.abort('internetdisconnected'));
  await page.getByRole('textbox', { name: 'Internal note' }).fill('Called');
  await page.getByRole('button', { name: 'Save changes' }).click();
  // (supabase-js tries a failed read three more times, 1, 2 and 4 s apart, before it gives up)
  await expect(page.getByRole('alert').filter({ hasText: 'This page could not be brought up to date' })).toBeVisible({ timeout: 20_000 });
  await expect(composer.getByRole('textbox', { name: 'Message' })).toHaveValue('Half written');
  await expect(page.getByRole('textbox', { name: 'Internal note' })).toHaveValue('Called');
  allowProblems(pageProblems, /Failed to load resource|internetdisconnected|ERR_INTERNET_DISCONNECTED/);
});
