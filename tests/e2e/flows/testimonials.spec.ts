import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { localKeys } from '../../../supabase/local/keys';
import { apiUrl, insertRows, rows } from '../backend';
import { expect, test } from '../fixtures';

interface Testimonial {
  client_name: string;
  video_url: string | null;
  created_at: string;
}

const section = (page: Page) => page.locator('#testimonials');
const slide = (page: Page, name: string) => section(page).getByRole('group').filter({ hasText: name });

// Tall enough for a whole slide (video and quote), so "in view" means the carousel shows it.
test.use({ viewport: { width: 1280, height: 1200 } });

test('seeded testimonials show newest first, and next and previous wrap at both ends', async ({ page }) => {
  const newestFirst = await rows<Testimonial>('testimonials', 'order=created_at.desc');
  expect(newestFirst.length).toBeGreaterThan(1);
  const first = newestFirst[0]!.client_name;
  const last = newestFirst.at(-1)!.client_name;

  await page.goto('/');
  await section(page).scrollIntoViewIfNeeded();
  await expect(slide(page, first)).toBeInViewport({ ratio: 0.5 });
  const axe = await new AxeBuilder({ page }).include('#testimonials').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  // The one with a video shows the click-to-load facade, not a third-party frame.
  await expect(section(page).getByRole('button', { name: /play/i })).toHaveCount(newestFirst.filter((t) => t.video_url).length);
  await expect(section(page).locator('iframe')).toHaveCount(0);

  await section(page).getByRole('button', { name: 'Previous testimonial' }).click();
  await expect(slide(page, last)).toBeInViewport({ ratio: 0.5 });
  await expect(slide(page, first)).not.toBeInViewport();
  await section(page).getByRole('button', { name: 'Next testimonial' }).click();
  await expect(slide(page, first)).toBeInViewport({ ratio: 0.5 });
  for (let i = 1; i < newestFirst.length; i++) await section(page).getByRole('button', { name: 'Next testimonial' }).click();
  await expect(slide(page, last)).toBeInViewport({ ratio: 0.5 });
  await section(page).getByRole('button', { name: 'Next testimonial' }).click();
  await expect(slide(page, first)).toBeInViewport({ ratio: 0.5 });
});

test('with no testimonials in the table, the section is absent', async ({ page }) => {
  const { serviceRole } = await localKeys();
  const staff = { apikey: serviceRole, Authorization: `Bearer ${serviceRole}` };
  const saved = await rows('testimonials');
  const removed = await fetch(`${apiUrl}/rest/v1/testimonials?id=neq.00000000-0000-0000-0000-000000000000`, { method: 'DELETE', headers: staff });
  expect(removed.status).toBe(204);
  try {
    const loaded = page.waitForResponse((response) => response.url().startsWith(`${apiUrl}/rest/v1/testimonials`));
    await page.goto('/');
    expect(await (await loaded).json()).toEqual([]);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(section(page)).toHaveCount(0);
  } finally {
    await insertRows('testimonials', saved);
  }
});
