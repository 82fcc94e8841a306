/**
 * What an account unlocks (issue 40, 4): the members' toolkits on /blog and each course's materials,
 * downloaded from the local storage server through signed links that the storage policies allow. A
 * signed-out visitor sees what members get and a Sign In; a member downloads the toolkits; a member who
 * enrols while signed in finds the course and its materials on Your Account, and only that course's.
 * Files and courses come from site.config.ts, their bytes from supabase/storage/.
 */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { courses, courseSlug, memberResources, paths } from '../../../site.config';
import type { InternalCourse, MemberFile } from '../../../src/config/site-types';
import { formPages } from '../../../src/generated/form-pages';
import { pageForms } from '../../support/declared-forms';
import { confirmedAccount } from '../backend';
import { axeViolations, expect, test } from '../fixtures';
import { answerAll, answersFor, fieldOrder, submitText } from '../form-driver';
import { expectToast, SENDING_MS, submitSignIn } from './helpers';

const onDisk = (bucket: string, file: MemberFile) => readFileSync(join(import.meta.dirname, '..', '..', '..', 'supabase', 'storage', bucket, file.file));
const withMaterials = courses.filter((c): c is InternalCourse => c.content !== null && Boolean(c.materials?.length));
const enrolment = pageForms.find((f) => Object.values(formPages).some((p) => p.path === f.entry.page.path && p.linkedFrom?.list === 'courses'))!;
const courseField = Object.values(formPages).find((p) => p.linkedFrom?.list === 'courses')!.linkedFrom!.field;

/** Presses Download on the file and returns what the browser saved. */
async function download(page: Page, file: MemberFile) {
  const saving = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download ${file.title}` }).click();
  const saved = await saving;
  return { name: saved.suggestedFilename(), bytes: readFileSync((await saved.path())!) };
}

test('a signed-out visitor sees the members’ toolkits and a Sign In; signed in through it, each downloads as the file we keep', async ({ page }) => {
  const member = await confirmedAccount('toolkits');
  await page.goto(paths.resources);
  const section = page.getByRole('region', { name: "Members' Toolkits & Templates" });
  const list = section.getByRole('list', { name: "Members' toolkits and templates" });
  await expect(list.getByRole('listitem')).toHaveCount(memberResources.length);
  for (const file of memberResources) await expect(list.getByText(file.title, { exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: /^Download / })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  await section.getByRole('button', { name: 'Sign In to Download' }).click();
  await submitSignIn(page, member.email, member.password);
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeHidden();
  await expect(section.getByRole('button', { name: 'Sign In to Download' })).toHaveCount(0);
  for (const file of memberResources) {
    const saved = await download(page, file);
    expect(saved.name).toBe(file.file.split('/').pop());
    expect(saved.bytes.equals(onDisk('member-resources', file))).toBe(true);
  }
  // A download leaves the visitor where they were.
  await expect(page).toHaveURL(new RegExp(`${paths.resources}$`));
});

test('a member who enrols while signed in finds the course and its materials on Your Account, on a phone, and no other course’s', async ({ page }) => {
  const [course, other] = withMaterials;
  const member = await confirmedAccount('enrolled');
  // The course page says what comes with it, and where.
  await page.goto(course!.path);
  const materials = page.getByRole('list', { name: `Materials of ${course!.title}` });
  await expect(materials.getByRole('listitem')).toHaveCount(course!.materials!.length);
  await expect(page.getByRole('link', { name: 'your account' })).toHaveAttribute('href', '/account');

  await page.goto('/account');
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  await submitSignIn(page, member.email, member.password);
  await expect(page.getByText('None yet. The courses you enrol in while signed in are listed here')).toBeVisible();

  await page.goto(`${enrolment.entry.page.path}?${courseField}=${courseSlug(course!)}`);
  const answers = answersFor(enrolment.definition, { [enrolment.replyTo]: member.email });
  delete answers[courseField];
  await answerAll(page, page.locator('form'), enrolment.definition, answers, fieldOrder(enrolment.definition).filter((f) => f !== courseField));
  await page.getByRole('button', { name: submitText(enrolment.definition) }).click();
  await expectToast(page, enrolment.entry.toasts.notified.title, enrolment.entry.toasts.notified.description, { timeout: SENDING_MS });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/account');
  const yours = page.getByRole('list', { name: `Materials of ${course!.title}` });
  await expect(yours.getByRole('listitem')).toHaveCount(course!.materials!.length);
  await expect(page.getByRole('link', { name: course!.title })).toHaveAttribute('href', course!.path);
  await expect(page.getByRole('list', { name: `Materials of ${other!.title}` })).toHaveCount(0);
  const first = course!.materials![0]!;
  await yours.getByRole('button', { name: `Download ${first.title}` }).scrollIntoViewIfNeeded();
  const saved = await download(page, first);
  expect(saved.bytes.equals(onDisk('course-materials', first))).toBe(true);
  // The toolkits are there too, and the page fits the phone.
  await expect(page.getByRole('list', { name: "Members' resources" }).getByRole('listitem')).toHaveCount(memberResources.length);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);
});
