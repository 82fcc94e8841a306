import type { Page } from '@playwright/test';
import type { FormDefinition } from '../../../src/components/forms/form-definition';
import { expect } from '../fixtures';
import { answerAll, submitText } from '../form-driver';

/**
 * The toast on screen reads exactly this (one at a time: an earlier one that said the same may still be
 * leaving, so the newest is the one read, and it must end up alone).
 */
export async function expectToast(page: Page, title: string, message: string, options: { timeout?: number } = {}) {
  const current = page.getByRole('alert').filter({ hasText: message }).last();
  await expect(current).toBeVisible(options);
  await expect(current).toContainText(title);
  await expect(page.getByRole('alert')).toHaveCount(1);
}

/** How long a send may take on a busy two-core host: the proof of work, the save and the staff email take seconds there. */
export const SENDING_MS = 20_000;

/** A value no other test (or earlier run) uses, so rows and emails can be told apart. */
export const unique = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Fills in the open Sign In dialog and sends it; returns the dialog. */
export async function submitSignIn(page: Page, email: string, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.locator('#sign_in_password').fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  return dialog;
}

/** Signs in from a signed-in-only page's own Sign In button (the staff workspace's gate), and waits for the dialog to close. */
export async function signInHere(page: Page, email: string, password: string) {
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  await expect(await submitSignIn(page, email, password)).toHaveCount(0);
}

/** The inbox's entries for this run's tag: table rows on a wide screen, cards on a phone (width under 900 px). */
export const inboxEntries = (page: Page, width: number, tag: string) =>
  width > 900 ? page.getByRole('row').filter({ hasText: tag }) : page.getByRole('list', { name: 'Submissions' }).getByRole('listitem');

/** Chooses what the inbox shows (Show: …), opening the filters first on a phone, where they fold away. */
export async function showInInbox(page: Page, width: number, label: string) {
  if (width < 900 && !(await page.getByRole('combobox', { name: 'Show' }).isVisible())) await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByRole('combobox', { name: 'Show' }).selectOption({ label });
}

/** Opens the form's page and answers every question (every step but the last is moved through with Next). */
export async function fillIn(page: Page, form: FormDefinition, path: string, answers: Record<string, unknown>) {
  await page.goto(path);
  await expect(page.getByRole('button', { name: form.steps ? 'Next' : submitText(form) })).toBeEnabled();
  if (!form.steps) return answerAll(page, page.locator('form'), form, answers);
  for (const [i, step] of form.steps.entries()) {
    await answerAll(page, page, form, answers, step.fields);
    if (i < form.steps.length - 1) await page.getByRole('button', { name: 'Next' }).click();
  }
}
