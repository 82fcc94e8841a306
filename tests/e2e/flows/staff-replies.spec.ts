/**
 * Answering from the page (issue 41, item 6; decision 049): staff start a reply from one of the form's
 * replies (schemas/contact.replies.json) with the sender's answers in, change it, and send it; it reaches
 * the sender signed with their name, Reply-To the team, is listed on the page and in the history, and the
 * submission becomes Replied. Leaving with a reply half written asks first.
 */
import { notificationForms } from '../../../form-model/generated/notification-forms';
import { confirmedAccount, insertRows, mail, makeStaff } from '../backend';
import { axeViolations, expect, test } from '../fixtures';
import { expectToast, signInHere, unique } from './helpers';

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
