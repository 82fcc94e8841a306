/**
 * Course enrolment from the course pages: each page's Sign Up Now opens the enrolment form (the form
 * declared "linkedFrom": "courses" in schemas/forms.json) with that course chosen; the visitor sends it
 * and staff get one email naming the course. Courses come from site.config.ts, so a new course is tested too.
 */
import { courses, courseSlug, optionLists } from '../../../site.config';
import type { InternalCourse } from '../../../src/config/site-types';
import { formPages } from '../../../src/generated/form-pages';
import { localKeys } from '../../../supabase/local/keys';
import { pageForms } from '../../support/declared-forms';
import { apiUrl, mail, rows } from '../backend';
import { expect, test } from '../fixtures';
import { answerAll, answersFor, chosenOf, fieldOrder, inputOf, submitText } from '../form-driver';
import { expectToast, SENDING_MS, unique } from './helpers';
import { mineStamp } from '../../../form-model/stamp';

const linked = pageForms.find((f) => Object.values(formPages).some((p) => p.path === f.entry.page.path && p.linkedFrom?.list === 'courses'));
const field = Object.values(formPages).find((p) => p.linkedFrom?.list === 'courses')?.linkedFrom?.field;
const coursePages = courses.filter((c): c is InternalCourse => c.content !== null);

test('a form is linked from the course pages, and offers exactly the courses of site.config.ts', () => {
  expect(linked, 'schemas/forms.json: a form with "page": { "linkedFrom": "courses" }').toBeDefined();
  const offered = (linked!.definition.schema.properties![field!] as { oneOf: { const: string; title: string }[] }).oneOf;
  expect(offered).toEqual(optionLists.courses);
  expect(offered.map((o) => o.title)).toEqual(coursePages.map((c) => c.title));
});

for (const course of coursePages) {
  test(`${course.path}: Sign Up Now opens the enrolment with "${course.title}" chosen; one email names it`, async ({ page }) => {
    const { definition: form, entry, table, replyTo } = linked!;
    await page.goto(course.path);
    await page.getByRole('complementary', { name: 'Enrolment' }).getByRole('link', { name: 'Sign Up Now' }).click();
    await expect(page).toHaveURL(`${entry.page.path}?${field}=${courseSlug(course)}`);
    await expect(chosenOf(page, form, field!)).toHaveText(course.title);

    const address = `${unique('enrol')}@casaverde.org`;
    const answers = answersFor(form, { [replyTo]: address });
    delete answers[field!];
    await answerAll(page, page.locator('form'), form, answers, fieldOrder(form).filter((f) => f !== field));
    await page.getByRole('button', { name: submitText(form) }).click();
    await expectToast(page, entry.toasts.notified.title, entry.toasts.notified.description, { timeout: SENDING_MS });

    expect(await rows(table, `${replyTo}=eq.${address}`)).toEqual([expect.objectContaining({ ...answers, [field!]: courseSlug(course) })]);
    const emails = (await mail()).filter((m) => m.replyTo === address);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toContain(course.title);
    expect(emails[0]!.text).toContain(course.title);
  });
}

test('the prerendered enrolment page reads correctly, and the course is chosen once the page is live', async ({ page, request }) => {
  const { definition: form, entry } = linked!;
  const course = coursePages[0]!;
  // Static hosts serve the same HTML whatever the query: it holds the whole form, no course chosen yet.
  const html = await (await request.get(`${entry.page.path}?${field}=${courseSlug(course)}`)).text();
  for (const question of fieldOrder(form)) expect(html).toContain(`id="${form.id}_${question}"`);
  expect(html).toContain(submitText(form));
  // No hydration mismatch (the fixture fails the test on any console error), then the course is chosen.
  await page.goto(`${entry.page.path}?${field}=${courseSlug(course)}`);
  await expect(chosenOf(page, form, field!)).toHaveText(course.title);
  // An address can only choose one of the options: anything else leaves the question for the visitor.
  await page.goto(`${entry.page.path}?${field}=not-a-course`);
  await expect(page.locator(`[data-island="forms/form"][data-hydrated]`)).toBeAttached();
  await expect(inputOf(page, form, field!)).toHaveValue('');
});

test('the server refuses an enrolment in a course that does not exist', async () => {
  const { definition: form, table, replyTo } = linked!;
  const { anon } = await localKeys();
  const address = `${unique('enrol')}@casaverde.org`;
  const response = await fetch(`${apiUrl}/rest/v1/${table}`, {
    method: 'POST',
    headers: { apikey: anon, Authorization: `Bearer ${anon}`, 'Content-Type': 'application/json' },
    // With the work a page would do, so the course is what the database refuses.
    body: JSON.stringify({ id: mineStamp(table), ...answersFor(form, { [field!]: 'not-a-course', [replyTo]: address }) }),
  });
  expect(response.status).toBe(400);
  expect(((await response.json()) as { code: string }).code).toBe('23514');
  expect(await rows(table, `${replyTo}=eq.${address}`)).toHaveLength(0);
});
