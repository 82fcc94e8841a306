import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { apiUrl, confirmedAccount, inboxUrl, linkInEmail, makeStaff, rows, signUpAs } from '../backend';
import { allowProblems, expect, test } from '../fixtures';
import { expectToast, fillIn, SENDING_MS, submitSignIn, unique } from './helpers';
import { resultsFor } from '../../../form-model/results';
import { AUTH_SUBJECTS } from '../../support/email-links';
import { localKeys } from '../../../supabase/local/keys';
import { toastLifetimes, toastLifetimesOf } from '../toast-timing';
import { pageForms } from '../../support/declared-forms';
import { answerAll, answersFor, fieldOf, inputOf, submitText } from '../form-driver';

const header = (page: Page) => page.getByRole('banner');

async function openSignIn(page: Page) {
  await header(page).getByRole('button', { name: 'Sign In' }).click();
  return page.getByRole('dialog', { name: 'Sign In' });
}

async function signIn(page: Page, email: string, password: string) {
  await openSignIn(page);
  return submitSignIn(page, email, password);
}

/**
 * Signs in and waits for the dialog to close, as a visitor does before typing into the page: while the
 * modal dialog is open the page behind it is inert, and what is typed goes to the dialog (the header can
 * say Sign Out a moment before the dialog has closed).
 */
async function signInAndClose(page: Page, email: string, password: string) {
  await expect(await signIn(page, email, password)).toHaveCount(0);
}

async function fillSignUp(dialog: Locator, email: string, password: string) {
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.locator('#sign_up_password').fill(password);
  const profile = { Name: 'Ana Ruiz', 'Company/Organization': 'Casa Verde', Title: 'Director', Phone: '555-0100', City: 'Austin', State: 'TX', ZIP: '78701' };
  for (const [label, value] of Object.entries(profile)) await dialog.getByRole('textbox', { name: label, exact: true }).fill(value);
}

test('sign up, confirm from the email in the same browser, arrive signed in, sign out, and sign in with the password typed at sign-up', async ({ page, baseURL }) => {
  const email = `${unique('new')}@example.org`;
  await page.goto('/about');
  await (await openSignIn(page)).getByRole('button', { name: 'Create Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await fillSignUp(dialog, email, 'correct horse 1');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Account created', 'Please check your email to verify your account');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await rows('clients', `email=eq.${email}`)).toEqual([expect.objectContaining({ name: 'Ana Ruiz', company: 'Casa Verde', zip: '78701' })]);

  // As a newcomer would: open the local inbox, the email, and its link (which opens the site in a new tab).
  await page.goto(inboxUrl);
  await page.getByRole('row').filter({ hasText: email }).getByRole('link', { name: AUTH_SUBJECTS.signup }).click();
  const opened = page.waitForEvent('popup');
  await page.getByRole('link', { name: /\/auth\/v1\/verify\?token=/ }).click();
  const site = await opened;
  await expect(site).toHaveURL(`${baseURL}/`);
  // The browser that signed up holds its secret, so the password typed then is kept (decision 043).
  await expectToast(site, 'Email confirmed', 'Your email address is verified and you are signed in. Sign in next time with the password you chose.');
  await expect(header(site).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(site.getByRole('dialog')).toHaveCount(0);
  await expect(site.getByRole('contentinfo').getByRole('button', { name: 'Sign In' })).toHaveCount(0);

  // The session survives a reload (restored from storage and checked with the server).
  await site.reload();
  await expect(header(site).getByRole('button', { name: 'Sign Out' })).toBeVisible();

  await header(site).getByRole('button', { name: 'Sign Out' }).click();
  await expectToast(site, 'Signed out', 'You have been successfully signed out');
  await expect(header(site).getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(site.getByRole('contentinfo').getByRole('button', { name: 'Sign In' })).toBeVisible();
  await signIn(site, email, 'correct horse 1');
  await expectToast(site, 'Welcome back!', 'You have successfully signed in');
});

test('a confirmation link opened in another browser signs in but keeps no password: the page says why, and the one typed at sign-up opens nothing', async ({ page, browser, baseURL, pageProblems }) => {
  const email = `${unique('laptop')}@example.org`;
  await page.goto('/about');
  await (await openSignIn(page)).getByRole('button', { name: 'Create Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await fillSignUp(dialog, email, 'typed on the laptop 3');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Account created', 'Please check your email to verify your account');

  // The phone: another browser, with the same inbox.
  const phone = await (await browser.newContext({ baseURL })).newPage();
  await phone.goto(await linkInEmail(email, AUTH_SUBJECTS.signup));
  await expectToast(phone, 'Email confirmed', 'Your email address is verified and you are signed in');
  const choose = phone.getByRole('dialog', { name: 'Choose Your Password' });
  await expect(choose.getByText('The password typed when signing up is kept only when this link is opened in the browser that signed up')).toBeVisible();
  await expect(await new AxeBuilder({ page: phone }).include('dialog').analyze()).toHaveProperty('violations', []);
  await choose.locator('#new_password_password').fill('chosen on the phone 4');
  await choose.getByRole('button', { name: 'Save New Password' }).click();
  await expectToast(phone, 'Password updated', 'Your new password is saved and you are signed in');
  await phone.context().close();

  // Back on the laptop, which signed up: the password typed there was cleared and is not given back.
  await signIn(page, email, 'typed on the laptop 3');
  await expectToast(page, 'Error', 'Invalid login credentials');
  allowProblems(pageProblems, /status of 400/);
  await submitSignIn(page, email, 'chosen on the phone 4');
  await expectToast(page, 'Welcome back!', 'You have successfully signed in');
});

test('a stranger who signs up with someone else’s address never gets in: the owner confirms, chooses the password, and the stranger’s is refused', async ({ page, browser, baseURL, pageProblems }) => {
  const email = `${unique('owner')}@example.org`;
  // The stranger signs up first, then the owner (within a minute: kept as it is, its email not sent twice).
  // Two people, so two client addresses.
  expect((await signUpAs(email, 'stranger password 1', 'Stranger')).status).toBe(200);
  // The owner signs up on the site, so their browser holds a secret of its own, which is not the
  // stranger's: the account holds the stranger's password, which is not kept (decision 043).
  await page.goto('/about');
  await (await openSignIn(page)).getByRole('button', { name: 'Create Account' }).click();
  const signUp = page.getByRole('dialog', { name: 'Create Account' });
  await fillSignUp(signUp, email, 'owner password 1');
  await signUp.getByRole('button', { name: 'Create Account' }).click();
  // Within the minute of the stranger's: the email is not sent twice, and the owner is told to wait.
  await expect(signUp.getByText(/We have just sent an email to this address\. Please wait \d+ seconds/)).toBeVisible();
  allowProblems(pageProblems, /status of 429/);
  const link = await linkInEmail(email, AUTH_SUBJECTS.signup);
  await page.goto(link);
  await expect(page).toHaveURL(`${baseURL}/`);
  const choose = page.getByRole('dialog', { name: 'Choose Your Password' });
  await expect(choose.getByText('The password typed when signing up is kept only when this link is opened in the browser that signed up')).toBeVisible();
  await choose.locator('#new_password_password').fill('owner chosen 9');
  await choose.getByRole('button', { name: 'Save New Password' }).click();
  await expectToast(page, 'Password updated', 'Your new password is saved and you are signed in');

  const stranger = await (await browser.newContext({ baseURL })).newPage();
  await stranger.goto('/about');
  // The dialog stays open after a refused password, so the second is typed into it.
  await openSignIn(stranger);
  for (const password of ['stranger password 1', 'owner password 1']) {
    await submitSignIn(stranger, email, password);
    await expectToast(stranger, 'Error', 'Invalid login credentials');
    // Gone (after its 5 s) before the next attempt, so that attempt's toast is not mistaken for this one.
    await expect(stranger.getByRole('alert')).toHaveCount(0, { timeout: 10_000 });
  }
  await stranger.context().close();
  allowProblems(pageProblems, /status of 400/);
  await header(page).getByRole('button', { name: 'Sign Out' }).click();
  await signIn(page, email, 'owner chosen 9');
  await expectToast(page, 'Welcome back!', 'You have successfully signed in');
});

test('a wrong password gives the server message in an Error toast and the dialog stays open; the right one welcomes back', async ({ page, pageProblems }) => {
  const { email, password } = await confirmedAccount('returning');
  await page.goto('/services');
  const dialog = await signIn(page, email, 'not my password');
  await expectToast(page, 'Error', 'Invalid login credentials');
  allowProblems(pageProblems, /status of 400/);
  await expect(dialog).toBeVisible();
  // Said in the dialog too, under the form: the toast's corner is outside the modal dialog.
  await expect(dialog.getByText('Invalid login credentials')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Account' }).getByText('Invalid login credentials')).toHaveCount(0);
  await page.getByRole('dialog', { name: 'Create Account' }).getByRole('button', { name: 'Sign In' }).last().click();

  await dialog.locator('#sign_in_password').fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Welcome back!', 'You have successfully signed in');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(header(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();

  // On a phone, Sign Out sits in the menu, which closes once it is pressed.
  await page.setViewportSize({ width: 375, height: 740 });
  await header(page).getByRole('button', { name: 'Menu' }).click();
  await page.locator('#mobile-menu').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.locator('#mobile-menu')).toBeHidden();
  await expectToast(page, 'Signed out', 'You have been successfully signed out');
});

test('"Email not confirmed" offers the link again, and a second request within the minute says how long to wait, in the site\'s words', async ({ page, pageProblems }) => {
  const email = `${unique('unconfirmed')}@example.org`;
  expect((await signUpAs(email, 'owner password 1')).status).toBe(200);
  await page.goto('/services');
  const dialog = await signIn(page, email, 'owner password 1');
  await expectToast(page, 'Error', 'Email not confirmed');
  await dialog.getByRole('button', { name: 'Send the link again' }).click();
  // The sign-up's email went out seconds ago: one email a minute to an address, as the auth service says.
  const wait = dialog.getByText(/^We have just sent an email to this address\. Please wait \d+ seconds before asking for another\.$/);
  await expect(wait).toBeVisible();
  expect(Number(/(\d+) seconds/.exec((await wait.textContent())!)![1])).toBeGreaterThan(40);
  allowProblems(pageProblems, /status of (400|429)/);
  // The sign-up's own link still confirms the address.
  expect(await linkInEmail(email, AUTH_SUBJECTS.signup)).toContain('/auth/v1/verify');
});

test('a password under 8 characters is refused in the browser; nothing reaches the auth service', async ({ page }) => {
  const signups: string[] = [];
  page.on('request', (request) => request.url().startsWith(`${apiUrl}/auth/v1/signup`) && signups.push(request.url()));
  await page.goto('/');
  await (await openSignIn(page)).getByRole('button', { name: 'Create Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill('short@example.org');
  await dialog.locator('#sign_up_password').fill('seven77');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Error', 'Password must be at least 8 characters.');
  expect(signups).toEqual([]);
});

test('forgot password: the reset email links back to the site, where a new password is chosen', async ({ page, pageProblems }) => {
  const { email, password } = await confirmedAccount('forgetful');
  await page.goto('/');
  await (await openSignIn(page)).getByRole('button', { name: 'Forgot password?' }).click();
  const request = page.getByRole('dialog', { name: 'Reset Password' });
  await expect(request.getByRole('textbox', { name: 'Email' })).toBeVisible();
  expect((await new AxeBuilder({ page }).include('dialog').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations.map((v) => v.id)).toEqual([]);
  await request.getByRole('textbox', { name: 'Email' }).fill(email);
  await request.getByRole('button', { name: 'Send Reset Link' }).click();
  await expectToast(page, 'Check your email', `If ${email} has an account, we have sent it a link to choose a new password.`);

  await page.goto(await linkInEmail(email, AUTH_SUBJECTS.recovery));
  const choose = page.getByRole('dialog', { name: 'Choose a New Password' });
  await expect(choose.getByLabel('New Password')).toBeVisible();
  expect((await new AxeBuilder({ page }).include('dialog').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations.map((v) => v.id)).toEqual([]);
  await choose.getByLabel('New Password').fill('a fresh start 2');
  await choose.getByRole('button', { name: 'Save New Password' }).click();
  await expectToast(page, 'Password updated', 'Your new password is saved and you are signed in');
  await header(page).getByRole('button', { name: 'Sign Out' }).click();
  await expectToast(page, 'Signed out', 'You have been successfully signed out');

  const old = await signIn(page, email, password);
  await expectToast(page, 'Error', 'Invalid login credentials');
  allowProblems(pageProblems, /status of 400/);
  await old.locator('#sign_in_password').fill('a fresh start 2');
  await old.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Welcome back!', 'You have successfully signed in');
});

test('an expired or used email link says so in an Error toast', async ({ page, pageProblems }) => {
  const { email } = await confirmedAccount('twice');
  await page.goto(await linkInEmail(email, AUTH_SUBJECTS.signup));
  await expectToast(page, 'Error', 'Email link is invalid or has expired');
  allowProblems(pageProblems, /Email link is invalid/);
  await expect(header(page).getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('backend unreachable at page load: a Connection Issue toast for 7 seconds, the page still readable', async ({ page, pageProblems }) => {
  const { email, password } = await confirmedAccount('offline');
  await page.goto('/about');
  await signIn(page, email, password);
  await expectToast(page, 'Welcome back!', 'You have successfully signed in');

  // Chromium now refuses every connection to the API, as when the backend is down; the site still loads.
  await page.route(`${apiUrl}/**`, (route) => route.abort('connectionrefused'));
  await page.addInitScript(toastLifetimes);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectToast(page, 'Connection Issue', 'Failed to fetch');
  await expect(header(page).getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 12_000 });
  // Timed in the page, so the machine's lag between these steps does not count (tests/e2e/toast-timing.ts).
  const [lifetime] = await toastLifetimesOf(page);
  expect(lifetime).toBeGreaterThanOrEqual(7000);
  expect(lifetime).toBeLessThan(8500);
  allowProblems(pageProblems, /ERR_CONNECTION_REFUSED|ERR_FAILED|Failed to fetch/);
});

test('the question a member is in when their profile arrives stays as they have it, so what they type is not run into the profile’s answer', async ({ page }) => {
  const ana = await confirmedAccount('caret');
  const contact = pageForms.find((f) => f.name === 'contact')!;
  const form = contact.definition;
  const email = inputOf(page, form, contact.replyTo);
  // The profile is held back until the member is in the (empty) email question.
  const profileRead = /\/rest\/v1\/clients\?/;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(profileRead, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(contact.entry.page.path);
  await signInAndClose(page, ana.email, ana.password);
  await email.click();
  const arrived = page.waitForResponse(profileRead);
  release();
  await arrived;
  // The profile fills the name; the question being typed in is left empty, the caret where it was.
  await expect(inputOf(page, form, 'name')).toHaveValue('Ana Ruiz');
  await expect(email).toHaveValue('');
  await expect(email).toBeFocused();
  await page.keyboard.type('ana.typed@example.org');
  await expect(email).toHaveValue('ana.typed@example.org');
});

test('a member finds their details filled in, and what they sent on Your Account, with where it stands; another member and a signed-out visitor see none of it', async ({ page, browser }) => {
  const ana = await confirmedAccount('ana');
  const ben = await confirmedAccount('ben');
  const contact = pageForms.find((f) => f.name === 'contact')!;
  const form = contact.definition;
  const message = `About our board retreat ${unique('m')}`;
  const answers = answersFor(form, { [contact.replyTo]: ana.email, message });

  // Signed in, the form fills what forms.json takes from the profile ("fromProfile"), but never over
  // what the member typed before: the name typed first stays, the empty email is filled.
  await page.goto(contact.entry.page.path);
  await inputOf(page, form, 'name').fill('Ana R., typed');
  await signIn(page, ana.email, ana.password);
  await expect(inputOf(page, form, contact.replyTo)).toHaveValue(ana.email);
  await expect(inputOf(page, form, 'name')).toHaveValue('Ana R., typed');
  await answerAll(page, page.locator('form'), form, answers);
  await page.getByRole('button', { name: submitText(form) }).click();
  await expectToast(page, contact.entry.toasts.notified.title, contact.entry.toasts.notified.description, { timeout: SENDING_MS });

  // Your Account sits beside Sign Out in the header, which still fits its narrowest full width.
  await page.setViewportSize({ width: 768, height: 900 });
  await expect(header(page).getByRole('link', { name: 'Your Account' })).toBeInViewport();
  await expect(header(page).getByRole('button', { name: 'Sign Out' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  // On a phone, the menu holds it.
  await page.setViewportSize({ width: 390, height: 844 });
  await header(page).getByRole('button', { name: 'Menu' }).click();
  await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Your Account' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1366, height: 900 });
  await header(page).getByRole('link', { name: 'Your Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Account' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${ana.email}`)).toBeVisible();
  const sent = page.getByRole('list', { name: 'What you sent' }).getByRole('listitem');
  await expect(sent).toHaveCount(1);
  await expect(sent.getByRole('heading', { name: 'Contact Inquiry' })).toBeVisible();
  await expect(sent.getByLabel('Status: Received')).toBeVisible();
  await expect(sent.getByText(message)).toBeVisible();
  await expect(page).toHaveTitle(/^Your Account \| /);
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');

  // Everything the site holds about the account, in one file: the account, the profile, what was sent.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download your data' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^keystone-impact-account-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await file.path())!, 'utf8')) as { account: { email: string }; profile: Record<string, unknown>; submissions: { form: string; state: string; answers: Record<string, unknown> }[] };
  expect(data.account.email).toBe(ana.email);
  expect(data.profile).toMatchObject({ name: 'Ana Ruiz', company: 'Casa Verde', email: ana.email });
  expect(data.profile).not.toHaveProperty('user_id');
  expect(data.submissions).toEqual([expect.objectContaining({ form: 'contact', state: 'received', answers: expect.objectContaining({ message }) })]);

  // Her details, as given at sign-up, to change with the sign-up form's own rules; the next form uses them.
  const details = page.locator('form').filter({ has: page.getByRole('button', { name: 'Save Your Details' }) });
  const company = details.getByRole('textbox', { name: /^Company/ });
  await expect(company).toHaveValue('Casa Verde');
  await details.getByRole('textbox', { name: /^Name/ }).clear();
  await details.getByRole('button', { name: 'Save Your Details' }).click();
  await expect(details.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
  await expect(details.getByText('Name is required.').first()).toBeVisible();
  await details.getByRole('textbox', { name: /^Name/ }).fill('Ana Ruiz-Soto');
  await company.fill('Casa Verde Co-op');
  await details.getByRole('button', { name: 'Save Your Details' }).click();
  await expectToast(page, 'Details saved', 'Your details are updated; forms you fill in while signed in use them.');
  expect(await rows('clients', `email=eq.${encodeURIComponent(ana.email)}`)).toEqual([expect.objectContaining({ name: 'Ana Ruiz-Soto', company: 'Casa Verde Co-op' })]);
  await page.goto(contact.entry.page.path);
  await inputOf(page, form, 'message').click();
  await expect(inputOf(page, form, 'name')).toHaveValue('Ana Ruiz-Soto', { timeout: 15_000 });
  await page.goto('/account');

  // Another member, in another browser, sees nothing of Ana's.
  const other = await (await browser.newContext()).newPage();
  await other.goto('/account');
  await expect(other.getByText('Sign in to see the messages, assessments and enrolments you have sent us')).toBeVisible();
  await signIn(other, ben.email, ben.password);
  await expect(other.getByText(`Signed in as ${ben.email}`)).toBeVisible();
  await expect(other.getByText('Nothing yet.')).toBeVisible();
  await expect(other.getByText(message)).toHaveCount(0);
  await other.context().close();

  // Signed out, the page offers Sign In again and shows nothing of what was sent.
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('main').getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByText(message)).toHaveCount(0);
});

test('a visitor reads what fits their assessment once it is sent, and keeps it by signing in with the address they gave; another member never sees it', async ({ page, browser }) => {
  const cara = await confirmedAccount('cara');
  const ben = await confirmedAccount('ben');
  const assessment = pageForms.find((f) => f.name === 'assessment')!;
  const form = assessment.definition;
  const answers = answersFor(form, { [assessment.replyTo]: cara.email, ai_experience: 'none', tech_readiness: 'beginner', organization_type: 'nonprofit' });
  const { default: results } = await form.results!();
  const expected = resultsFor(results, answers);
  expect(expected.length).toBeGreaterThan(1);

  await fillIn(page, form, assessment.entry.page.path, answers);
  await page.getByRole('button', { name: submitText(form) }).click();
  const shown = page.getByRole('region', { name: results.title });
  await expect(shown).toBeVisible({ timeout: SENDING_MS });
  for (const result of expected) {
    await expect(shown.getByText(result.because)).toBeVisible();
    for (const suggested of result.suggest) {
      const link = shown.getByRole('link', { name: suggested.title });
      await expect(link).toHaveAttribute('href', suggested.href);
      if (suggested.href.startsWith('https:')) await expect(link).toHaveAttribute('target', '_blank');
    }
  }
  expect(await new AxeBuilder({ page }).include('main').analyze().then((r) => r.violations)).toEqual([]);

  // Kept by signing in, on this device, with the address the assessment was sent from.
  await shown.getByRole('button', { name: 'Keep them in an account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await submitSignIn(page, cara.email, cara.password);
  await shown.getByRole('link', { name: 'your account page' }).click();
  await expect(page).toHaveURL(/\/account$/);
  // (Its own items: each holds a list of suggestions too.)
  const sent = page.getByRole('list', { name: 'What you sent' }).locator(':scope > li');
  await expect(sent).toHaveCount(1);
  await expect(sent.getByRole('heading', { name: assessment.entry.notification.formType })).toBeVisible();
  const kept = sent.getByRole('region', { name: results.title });
  for (const result of expected) for (const suggested of result.suggest) await expect(kept.getByRole('link', { name: suggested.title })).toBeVisible();

  // Another member, even in the same browser afterwards, does not get it.
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await signIn(page, ben.email, ben.password);
  await expect(page.getByText(`Signed in as ${ben.email}`)).toBeVisible();
  await expect(page.getByText('Nothing yet.')).toBeVisible();
  const other = await (await browser.newContext()).newPage();
  await other.goto('/account');
  await signIn(other, cara.email, cara.password);
  await expect(other.getByRole('list', { name: 'What you sent' }).getByRole('region', { name: results.title })).toBeVisible();
  await other.context().close();
});

test('a member\'s unfinished assessment resumes on another device at its step, and is gone from both once sent', async ({ page, browser }) => {
  const dana = await confirmedAccount('dana');
  const assessment = pageForms.find((f) => f.name === 'assessment')!;
  const form = assessment.definition;
  const steps = form.steps!;
  const answers = answersFor(form, { [assessment.replyTo]: dana.email });
  const id = (await rows<{ user_id: string }>('clients', `email=eq.${encodeURIComponent(dana.email)}`))[0]!.user_id;
  const kept = () => rows<{ draft: { step: number; data: Record<string, unknown> } }>('form_drafts', `user_id=eq.${id}`).then((all) => all[0]);

  // On the laptop: signed in, the first step answered, the second begun.
  await page.goto(assessment.entry.page.path);
  await signInAndClose(page, dana.email, dana.password);
  await expect(header(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await answerAll(page, page, form, answers, steps[0]!.fields);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`Step 2 of ${steps.length}`)).toBeVisible();
  const begun = steps[1]!.fields[0]!;
  await answerAll(page, page, form, answers, [begun]);
  await expect.poll(async () => (await kept())?.draft.data[begun], { timeout: 10_000 }).toEqual(answers[begun]);

  // On another device: the same step, with everything answered so far.
  const phone = await (await browser.newContext()).newPage();
  await phone.goto(assessment.entry.page.path);
  await signIn(phone, dana.email, dana.password);
  await expect(phone.getByText(`Step 2 of ${steps.length}`)).toBeVisible();
  await expect(inputOf(phone, form, begun)).toHaveValue(String(answers[begun]));
  await answerAll(phone, phone, form, answers, steps[1]!.fields.slice(1));
  for (const step of steps.slice(2)) {
    await phone.getByRole('button', { name: 'Next' }).click();
    await answerAll(phone, phone, form, answers, step.fields);
  }
  await phone.getByRole('button', { name: submitText(form) }).click();
  await expect(phone.getByRole('heading', { name: assessment.entry.page.sent!.title })).toBeVisible({ timeout: SENDING_MS });
  await expect.poll(kept, { timeout: 10_000 }).toBeUndefined();
  await phone.context().close();

  // Back on the laptop, the sent assessment is not offered again.
  await page.reload();
  await expect(header(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(page.getByText(`Step 1 of ${steps.length}`)).toBeVisible();
  // (Questions the profile answers show it again, as on any fresh form.)
  const ownAnswer = steps[0]!.fields.find((field) => !(field in (form.fromProfile?.fields ?? {})) && fieldOf(form, field).type === 'string' && !fieldOf(form, field).oneOf)!;
  await expect(inputOf(page, form, ownAnswer)).toHaveValue('');
});

test('signing out leaves a member\'s draft in their account, not in the browser: the next person here finds an empty form, and the member finds the draft on signing in again', async ({ page }) => {
  const erin = await confirmedAccount('erin');
  const assessment = pageForms.find((f) => f.name === 'assessment')!;
  const form = assessment.definition;
  const first = form.steps![0]!;
  const answers = answersFor(form, { [assessment.replyTo]: erin.email });
  const own = first.fields.find((field) => !(field in (form.fromProfile?.fields ?? {})) && fieldOf(form, field).type === 'string' && !fieldOf(form, field).oneOf)!;
  const id = (await rows<{ user_id: string }>('clients', `email=eq.${encodeURIComponent(erin.email)}`))[0]!.user_id;

  await page.goto(assessment.entry.page.path);
  await signInAndClose(page, erin.email, erin.password);
  await expect(header(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await answerAll(page, page, form, answers, first.fields);
  await expect.poll(async () => (await rows<{ draft: { data: Record<string, unknown> } }>('form_drafts', `user_id=eq.${id}`))[0]?.draft.data[own], { timeout: 10_000 }).toEqual(answers[own]);

  await header(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(inputOf(page, form, own)).toHaveValue('');
  await page.reload();
  await expect(inputOf(page, form, own)).toHaveValue('');
  expect(await page.evaluate(() => Object.keys(localStorage).filter((name) => name.includes('draft')))).toEqual([]);

  await signIn(page, erin.email, erin.password);
  await expect(inputOf(page, form, own)).toHaveValue(String(answers[own]));
});

test('a member changes their password, then deletes their account and what they sent, after saying so twice; staff keep a marker saying its sender deleted it', async ({ page, browser, pageProblems, request }) => {
  const ana = await confirmedAccount('leaving');
  const contact = pageForms.find((f) => f.name === 'contact')!;
  const form = contact.definition;
  const message = `Please forget me ${unique('m')}`;
  await page.goto(contact.entry.page.path);
  await signInAndClose(page, ana.email, ana.password);
  await expect(header(page).getByRole('link', { name: 'Your Account' })).toBeVisible();
  await answerAll(page, page.locator('form'), form, answersFor(form, { [contact.replyTo]: ana.email, message }));
  await page.getByRole('button', { name: submitText(form) }).click();
  await expectToast(page, contact.entry.toasts.notified.title, contact.entry.toasts.notified.description, { timeout: SENDING_MS });
  const [saved] = await rows<{ id: string }>(contact.table, `message=eq.${encodeURIComponent(message)}`);
  expect(saved).toBeTruthy();

  await page.goto('/account');
  await expect(page.getByText(message)).toBeVisible();

  // A new password from the account page: the old one stops working, the new one works.
  await page.getByRole('button', { name: 'Change your password' }).click();
  const change = page.getByRole('dialog', { name: 'Change Your Password' });
  await change.locator('#new_password_password').fill('a newer secret 8');
  await change.getByRole('button', { name: 'Save New Password' }).click();
  await expectToast(page, 'Password updated', 'Your new password is saved and you are signed in');
  await expect(change).toHaveCount(0);
  const { anon } = await localKeys();
  const signInWith = (password: string) => request.post(`${apiUrl}/auth/v1/token?grant_type=password`, { headers: { apikey: anon }, data: { email: ana.email, password } });
  expect((await signInWith(ana.password)).status()).toBe(400);
  expect((await signInWith('a newer secret 8')).status()).toBe(200);
  ana.password = 'a newer secret 8';

  // A new address, confirmed from both inboxes: the first link says one is left, the second makes it so.
  const moved = `moved-${ana.email}`;
  await page.getByRole('button', { name: 'Change your email' }).click();
  const changing = page.getByRole('dialog', { name: 'Change Your Email' });
  await changing.getByRole('textbox', { name: /New Email/ }).fill(moved);
  await changing.getByRole('button', { name: 'Send Confirmation Links' }).click();
  await expectToast(page, 'Check both inboxes', `We sent a link to ${moved} and one to your current address. Your address changes once both are opened.`);
  await page.goto(await linkInEmail(moved, AUTH_SUBJECTS.emailChange));
  await expect(page).toHaveURL(/\/account$/);
  await expectToast(page, 'One link to go', 'This link is accepted. Open the one we sent to your other address to finish changing it.');
  await expect(page.getByText(`Signed in as ${ana.email}`)).toBeVisible();
  await page.goto(await linkInEmail(ana.email, AUTH_SUBJECTS.emailChange));
  await expectToast(page, 'Email changed', `Your account now uses ${moved}.`);
  await expect(page.getByText(`Signed in as ${moved}`)).toBeVisible();
  expect(await rows('clients', `email=eq.${encodeURIComponent(moved)}`)).toHaveLength(1);
  ana.email = moved;

  // The first press only asks; keeping the account changes nothing.
  await page.getByRole('button', { name: 'Delete your account' }).click();
  await expect(page.getByRole('button', { name: 'Keep my account' })).toBeFocused();
  expect(await new AxeBuilder({ page }).analyze().then((r) => r.violations)).toEqual([]);
  await page.getByRole('button', { name: 'Keep my account' }).click();
  await expect(page.getByRole('button', { name: 'Delete everything' })).toHaveCount(0);
  expect(await rows(contact.table, `id=eq.${saved!.id}`)).toHaveLength(1);

  await page.getByRole('button', { name: 'Delete your account' }).click();
  await page.getByRole('button', { name: 'Delete everything' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is deleted' })).toBeVisible();
  // Forgetting the session asks the server to end it too, which answers that the account is gone (403).
  allowProblems(pageProblems, /status of 403/);
  await expect(page.getByText('Your sign-in, your details and the submission you sent while signed in are gone.')).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(await rows(contact.table, `id=eq.${saved!.id}`)).toEqual([]);
  const [marker] = await rows<{ name: string | null; email: string | null; withdrawn_at: string | null }>('staff_inbox', `submission_id=eq.${saved!.id}`);
  expect(marker).toMatchObject({ name: null, email: null, withdrawn_at: expect.any(String) });
  expect(await rows('staff_inbox_events', `submission_id=eq.${saved!.id}`)).toEqual([expect.objectContaining({ field: 'deleted', new_value: 'by its sender' })]);

  // The old password opens nothing any more, in this browser or another.
  const other = await (await browser.newContext()).newPage();
  await other.goto('/');
  await header(other).getByRole('button', { name: 'Sign In' }).click();
  await submitSignIn(other, ana.email, ana.password);
  await expect(other.getByRole('dialog').getByText('Invalid login credentials')).toBeVisible();

  // Staff find the marker where the lead was, with nothing of the sender and nothing to follow up.
  const staff = await confirmedAccount('staff-reads-marker');
  await makeStaff(staff.email);
  await other.getByRole('dialog').getByRole('textbox', { name: 'Email' }).clear();
  // Signed in once the dialog closes: leaving the page before that would drop the sign-in on its way.
  await expect(await submitSignIn(other, staff.email, staff.password)).toHaveCount(0);
  await other.goto(`/staff?submission=${saved!.id}`);
  await expect(other.getByRole('heading', { level: 2, name: 'Contact Inquiry, deleted by its sender' })).toBeVisible();
  await expect(other.getByText('Its sender deleted their account and this submission with it')).toBeVisible();
  await expect(other.getByText('Nothing to follow up: it was deleted by its sender.')).toBeVisible();
  await expect(other.getByText(/Its sender deleted it with their account/)).toBeVisible();
  await expect(other.getByText(message)).toHaveCount(0);
  await other.context().close();
});
