import type { Page } from '@playwright/test';
import { inboxRefusesMail, insertRows, mail, rows } from '../backend';
import { allowProblems, expect, test } from '../fixtures';
import { expectToast, pickOption, unique } from './helpers';

interface Contact {
  name: string;
  email: string;
  message: string;
}

const newContact = (): Contact => {
  const id = unique('ana');
  return { name: `Ana Ruiz ${id}`, email: `${id}@casaverde.org`, message: `We would like a strategic plan (${id}).` };
};

async function fillContact(page: Page, { name, email, message }: Contact) {
  await page.goto('/contact');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  await page.getByRole('textbox', { name: 'Full Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Email Address' }).fill(email);
  await pickOption(page, 'Subject', 'Partnership Opportunity');
  await page.getByRole('textbox', { name: 'Message' }).fill(message);
}

const emailsFrom = async (address: string) => (await mail()).filter((m) => m.replyTo === address);

test.describe('contact form', () => {
  test('saves the inquiry, emails staff once with the values and labels, then clears the form', async ({ page }) => {
    const contact = newContact();
    await fillContact(page, contact);
    // An impatient double click still sends one message.
    await page.getByRole('button', { name: 'Send Message' }).dblclick();
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expectToast(page, 'Email Sent!', 'An email has also been sent');
    await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');

    const saved = await rows('contact_submissions', `email=eq.${contact.email}`);
    expect(saved).toEqual([expect.objectContaining({ name: contact.name, subject: 'Partnership Opportunity', message: contact.message })]);
    const emails = await emailsFrom(contact.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe(`Contact Inquiry: ${contact.name}`);
    for (const text of ['Full Name', contact.name, 'Subject', 'Partnership Opportunity', 'Message', contact.message]) expect(emails[0]!.html).toContain(text);
  });

  test('shows the database error and sends nothing when the server refuses the row', async ({ page, pageProblems }) => {
    const contact = newContact();
    // The server caps an address at 5 messages an hour, a rule the browser cannot check for itself.
    await insertRows('contact_submissions', Array.from({ length: 5 }, () => ({ name: contact.name, email: contact.email, subject: 'Other', message: 'earlier' })));
    await fillContact(page, contact);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(page, 'Database Error', `Error saving your message: Too many submissions from ${contact.email} in the last hour. Please try again later or email us directly.`);
    allowProblems(pageProblems, /status of 400/);
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(contact.message);
    expect(await rows('contact_submissions', `email=eq.${contact.email}`)).toHaveLength(5);
    expect(await emailsFrom(contact.email)).toHaveLength(0);
  });

  test('keeps the row and the form when the email fails; sending again adds no row and delivers the email', async ({ page, pageProblems }) => {
    const contact = newContact();
    await fillContact(page, contact);
    await inboxRefusesMail(true);
    try {
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expectToast(
        page,
        'Email Error',
        "Your message was saved, but we couldn't send the email. Error: The notification email could not be delivered. Please try again later.",
      );
    } finally {
      await inboxRefusesMail(false);
    }
    allowProblems(pageProblems, /status of 502/);
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(contact.message);
    expect(await rows('contact_submissions', `email=eq.${contact.email}`)).toHaveLength(1);
    expect(await emailsFrom(contact.email)).toHaveLength(0);

    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(page, 'Email Sent!', 'An email has also been sent');
    // The second insert of the same submission hits its primary key (Chromium logs the 409): already saved.
    allowProblems(pageProblems, /status of 409/);
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    expect(await rows('contact_submissions', `email=eq.${contact.email}`)).toHaveLength(1);
    expect(await emailsFrom(contact.email)).toHaveLength(1);
  });

  test('gives a bot that fills the hidden field a success, and keeps and sends nothing', async ({ page }) => {
    const contact = newContact();
    await fillContact(page, contact);
    await page.locator('input[name="website"]').fill('https://spam.example', { force: true });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(page, 'Email Sent!', 'An email has also been sent');
    expect(await rows('contact_submissions', `email=eq.${contact.email}`)).toHaveLength(0);
    expect(await emailsFrom(contact.email)).toHaveLength(0);
  });
});

test.describe('needs assessment', () => {
  test('saves the assessment, emails staff once, and returns to an empty step 1 without a draft', async ({ page }) => {
    const id = unique('casa');
    const email = `${id}@casaverde.org`;
    await page.goto('/assessment');
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
    await page.getByRole('textbox', { name: 'Organization Name' }).fill(`Casa Verde ${id}`);
    await pickOption(page, 'Organization Type', 'Nonprofit');
    await page.getByRole('textbox', { name: 'Mission Statement' }).fill('Safe homes for every family.');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Current Challenges' }).fill('Too many spreadsheets.');
    await page.getByRole('radio', { name: /^Intermediate/ }).check();
    await page.getByRole('radio', { name: /^Experimenting/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Project Goals' }).fill('A three-year plan.');
    await pickOption(page, 'Desired Timeline', '1–3 months');
    await page.getByRole('textbox', { name: 'Team Size' }).fill('12');
    await pickOption(page, 'Estimated Budget Range', '$5,000-$10,000');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Full Name' }).fill('Ana Ruiz');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Submit Assessment' }).click();
    await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();

    await expectToast(page, 'Notification Sent!', 'An email notification regarding your assessment has also been sent');
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Organization Name' })).toHaveValue('');
    expect(await page.evaluate(() => localStorage.getItem('assessment-draft'))).toBeNull();

    const saved = await rows('assessment_responses', `contact_email=eq.${email}`);
    expect(saved).toEqual([
      expect.objectContaining({ organization_name: `Casa Verde ${id}`, organization_type: 'nonprofit', tech_readiness: 'intermediate', ai_experience: 'experimenting', timeline: '1_3_months', team_size: 12, budget_range: '5k_10k', contact_phone: null }),
    ]);
    const emails = await emailsFrom(email);
    expect(emails).toHaveLength(1);
    for (const text of ['Organization Name', `Casa Verde ${id}`, 'Intermediate: we use a few connected systems', '1–3 months', '$5,000-$10,000']) expect(emails[0]!.html).toContain(text);
  });

  test('shows the database submission error and keeps the answers when the server refuses the row', async ({ page, pageProblems }) => {
    const email = `${unique('flood')}@casaverde.org`;
    const earlier = { organization_name: 'Casa', organization_type: 'other', mission: 'm', current_challenges: 'c', tech_readiness: 'beginner', ai_experience: 'none', goals: 'g', timeline: 'flexible', contact_name: 'Ana', contact_email: email };
    await insertRows('assessment_responses', Array.from({ length: 5 }, () => earlier));
    // A draft brings the visitor straight to the last step, as a returning visitor would be.
    await page.goto('/assessment');
    await page.evaluate((draft) => localStorage.setItem('assessment-draft', JSON.stringify(draft)), { step: 3, data: { ...earlier, contact_email: email } });
    await page.reload();
    await expect(page.getByText('Step 4 of 4')).toBeVisible();
    await page.getByRole('button', { name: 'Submit Assessment' }).click();
    await expectToast(page, 'Database Submission Error', `There was an error saving your assessment: Too many submissions from ${email} in the last hour.`);
    allowProblems(pageProblems, /status of 400/);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    expect(await rows('assessment_responses', `contact_email=eq.${email}`)).toHaveLength(5);
    expect(await emailsFrom(email)).toHaveLength(0);
  });
});
