/**
 * A question asked only when an earlier answer makes it relevant (docs/decisions/034), on the real
 * site: the enrolment's "How many people are joining?" is asked only of a group. It appears where
 * ui:order puts it, is required only while shown, loses its answer when hidden, keeps a number typed
 * over its limit with the form's own message, and the database holds the same rule against a script.
 */
import type { Page } from '@playwright/test';
import type { Rule } from '../../../form-model/conditions';
import { localKeys } from '../../../supabase/local/keys';
import { mineStamp } from '../../../form-model/stamp';
import { pageForms } from '../../support/declared-forms';
import { apiUrl, mail, rows } from '../backend';
import { expect, test } from '../fixtures';
import { answerAll, answersFor, expectedMessage, fieldOrder, inputOf, submitText, titleOf } from '../form-driver';
import { expectToast, unique } from './helpers';

const enrolment = pageForms.find((f) => f.definition.id === 'enrolment')!;
const form = enrolment.definition;
const rule = (form.schema.allOf as Rule[] | undefined)?.[0];
// The enrolment's condition: a yes-or-no question that, when ticked, asks one more.
const trigger = Object.keys(rule?.if.properties ?? {})[0]!;
const asked = Object.keys(rule?.else.properties ?? {})[0]!;
const limit = (form.schema.properties![asked] as { maximum: number }).maximum;

async function openWithEverythingElse(page: Page, address: string) {
  await page.goto(enrolment.entry.page.path);
  const answers = answersFor(form, { [enrolment.replyTo]: address });
  await answerAll(page, page.locator('form'), form, answers, fieldOrder(form).filter((f) => f !== trigger));
  return {
    box: page.getByRole('checkbox', { name: titleOf(form, trigger) }),
    question: inputOf(page, form, asked),
    send: page.getByRole('button', { name: submitText(form) }),
    answers,
  };
}

test('the enrolment declares a group question asked only when its box is ticked', () => {
  expect(rule?.if).toEqual({ properties: { [trigger]: { const: true } }, required: [trigger] });
  expect(rule?.then.required).toEqual([asked]);
  expect(limit).toBeGreaterThan(2);
});

test('a question appears when it applies, is required only then, keeps a number over its limit, and goes with its answer', async ({ page }) => {
  const address = `${unique('group')}@casaverde.org`;
  const { box, question, send } = await openWithEverythingElse(page, address);
  await expect(question).toHaveCount(0);

  await box.check();
  await expect(question).toBeVisible();
  // Where ui:order puts it: right under the box that asks it, above the notes.
  const [boxAt, questionAt, notesAt] = await Promise.all([box, question, inputOf(page, form, 'notes')].map((l) => l.boundingBox()));
  expect(questionAt!.y).toBeGreaterThan(boxAt!.y);
  expect(questionAt!.y).toBeLessThan(notesAt!.y);
  await expect(page.locator(`label[for="${form.id}_${asked}"]`)).toContainText('*');

  // Required while shown.
  await send.click();
  const missing = expectedMessage(form, asked, 'required');
  await expectToast(page, missing.title, missing.message);
  await expect(question).toBeFocused();

  // Over the limit: kept as typed, after the field loses focus and after Send, with the form's own message.
  await question.fill(String(limit + 2));
  await question.press('Tab');
  await expect(question).toHaveValue(String(limit + 2));
  await send.click();
  const over = form.messages.fields![asked]!.maximum!;
  await expectToast(page, over.title, over.message.replace('{limit}', String(limit)));
  await expect(question).toHaveValue(String(limit + 2));
  await expect(question).toHaveAttribute('aria-invalid', 'true');

  // Not a number as the box would once have read it ("1e1" as 11): kept as typed, and said why.
  await question.fill('1e1');
  await send.click();
  const notWhole = expectedMessage(form, asked, 'type');
  await expectToast(page, notWhole.title, notWhole.message);
  await expect(question).toHaveValue('1e1');

  // Hidden with the box: its answer goes too, and comes back empty.
  await question.fill('4');
  await box.uncheck();
  await expect(question).toHaveCount(0);
  await box.check();
  await expect(question).toHaveValue('');
  await box.uncheck();

  await send.click();
  await expectToast(page, enrolment.entry.toasts.notified.title, enrolment.entry.toasts.notified.description, { timeout: 15_000 });
  expect(await rows(enrolment.table, `${enrolment.replyTo}=eq.${address}`)).toEqual([expect.objectContaining({ [trigger]: false, [asked]: null })]);
  const email = (await mail()).find((m) => m.replyTo === address)!;
  expect(email.text).toContain(`${titleOf(form, asked)}:\nNot asked`);
});

test('a group sends its size, and staff read it', async ({ page }) => {
  const address = `${unique('group')}@casaverde.org`;
  const { box, question, send } = await openWithEverythingElse(page, address);
  await box.check();
  await question.fill('4');
  await send.click();
  await expectToast(page, enrolment.entry.toasts.notified.title, enrolment.entry.toasts.notified.description, { timeout: 15_000 });
  expect(await rows(enrolment.table, `${enrolment.replyTo}=eq.${address}`)).toEqual([expect.objectContaining({ [trigger]: true, [asked]: 4 })]);
  const email = (await mail()).find((m) => m.replyTo === address)!;
  expect(email.text).toContain(`${titleOf(form, asked)}:\n4`);
});

test('a script with the public key meets the same rule: the size only of a group, and always of one', async () => {
  const { anon } = await localKeys();
  const send = async (answers: Record<string, unknown>) => {
    const address = `${unique('script')}@casaverde.org`;
    const response = await fetch(`${apiUrl}/rest/v1/${enrolment.table}`, {
      method: 'POST',
      headers: { apikey: anon, Authorization: `Bearer ${anon}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: mineStamp(enrolment.table), ...answersFor(form, { [enrolment.replyTo]: address }), ...answers }),
    });
    return { status: response.status, code: response.ok ? null : ((await response.json()) as { code: string }).code, saved: (await rows(enrolment.table, `${enrolment.replyTo}=eq.${address}`)).length };
  };
  expect(await send({ [trigger]: false, [asked]: 3 })).toEqual({ status: 400, code: '23514', saved: 0 });
  expect(await send({ [trigger]: true })).toEqual({ status: 400, code: '23514', saved: 0 });
  expect(await send({ [trigger]: true, [asked]: limit + 1 })).toEqual({ status: 400, code: '23514', saved: 0 });
  expect(await send({ [trigger]: true, [asked]: 3 })).toEqual({ status: 201, code: null, saved: 1 });
});
