import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { LOCAL_JWT_SECRET, localKeys } from '../../supabase/local/keys';
import { E2E_BACKEND } from './backend';
import { expect, test } from './fixtures';

const toast = (page: Page) => page.getByRole('alert');

/** The newest toast reads exactly this, and once the previous one has faded out it is the only one. */
async function expectToast(page: Page, title: string, message: string) {
  const current = toast(page).filter({ hasText: message });
  await expect(current).toBeVisible();
  await expect(current).toContainText(title);
  await expect(toast(page)).toHaveCount(1);
}

test.describe('contact form', () => {
  test('says what is missing, in the order of spec section 5, at the field and in one toast', async ({ page }) => {
    await page.goto('/contact');
    const form = page.locator('form');
    const send = form.getByRole('button', { name: 'Send Message' });
    const name = form.getByRole('textbox', { name: 'Full Name' });
    const email = form.getByRole('textbox', { name: 'Email Address' });
    const message = form.getByRole('textbox', { name: 'Message' });

    await name.fill('   ');
    await send.click();
    await expectToast(page, 'Needs Info', 'Full Name is needed.');
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');

    await name.fill('Ana Ruiz');
    await send.click();
    await expectToast(page, 'Needs Info', 'Email Address is needed.');
    await expect(email).toBeFocused();
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');

    await email.fill('ana@casaverde');
    await send.click();
    await expectToast(page, 'Needs Info', 'Please enter a real Email Address.');
    await expect(form.getByText('Please enter a real Email Address.').filter({ visible: true })).toBeVisible();

    await email.fill('ana@casaverde.org');
    await send.click();
    await expectToast(page, 'Needs Info', 'Subject is needed.');

    await form.getByRole('combobox', { name: 'Subject' }).click();
    await expect(page.getByRole('option')).toHaveText([
      'General Inquiry', 'Service Request', 'Partnership Opportunity', 'Feedback', 'AI Integration Question', 'Course Information', 'Other',
    ]);
    await page.getByRole('option', { name: 'Partnership Opportunity' }).click();
    await message.fill('  ');
    await send.click();
    await expectToast(page, 'Needs Info', 'Message is needed.');
    await expect(message).toHaveAttribute('rows', '5');

    const results = await new AxeBuilder({ page }).include('form').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  test('is in the prerendered HTML, so it shows before any script runs', async ({ request }) => {
    const html = await (await request.get('/contact')).text();
    for (const field of ['contact_name', 'contact_email', 'contact_subject']) expect(html).toContain(`id="${field}"`);
    expect(html).toMatch(/<textarea[^>]*id="contact_message"[^>]*rows="5"|<textarea[^>]*rows="5"[^>]*id="contact_message"/);
    expect(html).toContain('Send Message');
  });
});

test.describe('needs assessment', () => {
  async function fillStep1(page: Page) {
    // Next turns enabled once the page is hydrated; before that the list would not open.
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
    await page.getByRole('textbox', { name: 'Organization Name' }).fill('Casa Verde');
    await page.getByRole('combobox', { name: 'Organization Type' }).click();
    await page.getByRole('option', { name: 'Nonprofit' }).click();
    await page.getByRole('textbox', { name: 'Mission Statement' }).fill('Safe homes for every family.');
  }

  test('walks four steps with the spec captions, messages and buttons', async ({ page }) => {
    await page.goto('/assessment');
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Step 1 of 4' })).toHaveAttribute('aria-valuenow', '25');
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Submit Assessment' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Next' }).click();
    await expectToast(page, 'Missing Information', `Please fill out all required fields in the "Organization Information" section. The field 'organization name' is required.`);
    await expect(page.getByText('Step 1 of 4')).toBeVisible();

    await fillStep1(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Current Status & Needs' })).toBeFocused();
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    await page.getByRole('textbox', { name: 'Current Challenges' }).fill('Too many spreadsheets.');
    await page.getByRole('button', { name: 'Next' }).click();
    await expectToast(page, 'Missing Information', `Please fill out all required fields in the "Current Status & Needs" section. The field 'tech readiness' is required.`);
    await page.getByRole('radio', { name: /^Beginner/ }).check();
    await page.getByRole('radio', { name: /^Experimenting/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { name: 'Project & Goals' })).toBeFocused();
    await page.getByRole('textbox', { name: 'Project Goals' }).fill('A three-year plan.');
    await page.getByRole('button', { name: 'Next' }).click();
    await expectToast(page, 'Missing Information', `Please fill out all required fields in the "Project & Goals" section. The field 'timeline' is required.`);
    await page.getByRole('combobox', { name: 'Desired Timeline' }).click();
    await page.getByRole('option', { name: '1–3 months' }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByText('Step 4 of 4')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Full Name' }).fill('Ana Ruiz');
    await page.getByRole('textbox', { name: 'Email' }).fill('ana@casaverde');
    await page.getByRole('button', { name: 'Submit Assessment' }).click();
    await expectToast(page, 'Invalid Email', 'Please enter a valid email address.');

    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByRole('textbox', { name: 'Project Goals' })).toHaveValue('A three-year plan.');
  });

  test('keeps a draft across a reload', async ({ page }) => {
    await page.goto('/assessment');
    await fillStep1(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Current Challenges' }).fill('Volunteer turnover.');
    await page.reload();
    await expect(page.getByText('Step 2 of 4')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Current Challenges' })).toHaveValue('Volunteer turnover.');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByRole('textbox', { name: 'Organization Name' })).toHaveValue('Casa Verde');
  });

  test('is prerendered with the first step', async ({ request }) => {
    const html = await (await request.get('/assessment')).text();
    expect(html).toContain('Step 1 of 4');
    expect(html).toContain('Organization Information');
    expect(html).toContain('id="assessment_organization_name"');
  });
});

test.describe('sign-in and sign-up dialog', () => {
  test('renders both modes from their schemas and checks them before anything is sent', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await expect(dialog.getByRole('textbox', { name: 'Email' })).toBeVisible();
    await expect(dialog.locator('#sign_in_password')).toBeVisible();
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Error', 'Email is required.');

    await dialog.getByRole('button', { name: 'Create Account' }).click();
    const signUp = page.getByRole('dialog', { name: 'Create Account' });
    for (const label of ['Name', 'Company/Organization', 'Title', 'Phone', 'City', 'State', 'ZIP']) {
      await expect(signUp.getByRole('textbox', { name: label, exact: true })).toBeVisible();
    }
    await signUp.getByRole('textbox', { name: 'Email' }).fill('ana@casaverde.org');
    await signUp.locator('#sign_up_password').fill('short');
    for (const [label, value] of [['Name', 'Ana'], ['Company/Organization', 'Casa Verde'], ['Title', 'Director'], ['Phone', '555-0100'], ['City', 'Oakland'], ['State', 'CA'], ['ZIP', '94607']]) {
      await signUp.getByRole('textbox', { name: label, exact: true }).fill(value!);
    }
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Error', 'Password must be at least 8 characters.');
    await expect(signUp).toBeVisible();
  });
});

test('the built JavaScript compiles no code at run time (no eval, no Function constructor)', () => {
  const assets = join(import.meta.dirname, '..', '..', E2E_BACKEND.distDir, 'assets');
  const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(5);
  for (const file of scripts) {
    const code = readFileSync(join(assets, file), 'utf8');
    expect(code, file).not.toMatch(/\beval\(/);
    expect(code, file).not.toMatch(/(?<![\w$.])Function\(/);
  }
});

test('the built site holds the public anon key and no other key', async () => {
  const { anon, serviceRole } = await localKeys();
  const assets = join(import.meta.dirname, '..', '..', E2E_BACKEND.distDir, 'assets');
  const code = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(assets, f), 'utf8'))
    .join('\n');
  expect(code).toContain(anon);
  expect(code).not.toContain(serviceRole);
  expect(code).not.toContain(LOCAL_JWT_SECRET);
});

test('the assessment can be completed to step 2 with the keyboard alone', async ({ page }) => {
  await page.goto('/assessment');
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  await page.getByRole('textbox', { name: 'Organization Name' }).focus();
  await page.keyboard.type('Casa Verde');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Organization Type' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Organization Type' })).toHaveValue('Nonprofit');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Safe homes for every family.');
  // Previous is disabled on step 1, so the next stop is Next.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Next' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Current Status & Needs' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('Funding');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: /^Beginner/ })).toBeChecked();
});

test('the wizard step with choices and the create-account dialog pass axe', async ({ page }) => {
  await page.goto('/assessment');
  await page.getByRole('button', { name: 'Next' }).click();
  const axe = () => new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']);
  expect((await axe().include('form').analyze()).violations.map((v) => v.id)).toEqual([]);
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('dialog', { name: 'Sign In' }).getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('dialog', { name: 'Create Account' }).getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toContainText('Email is required.');
  expect((await axe().include('[role="dialog"]').analyze()).violations.map((v) => v.id)).toEqual([]);
});

test('a toast closes by itself after 5 seconds and can be closed sooner', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.waitForTimeout(4000);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 3000 });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByRole('alert').getByRole('button', { name: 'Close notification' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
