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

// The island around the section keeps the /#testimonials anchor; the section is there only with testimonials.
const section = (page: Page) => page.locator('#testimonials > section');
/** Scrolls to where the testimonials are: their island loads them as it comes near the viewport. */
async function scrollToTestimonials(page: Page) {
  await page.locator('#testimonials').scrollIntoViewIfNeeded();
  await section(page).scrollIntoViewIfNeeded();
}
const slide = (page: Page, name: string) => section(page).getByRole('group').filter({ hasText: name });

// Tall enough for a whole slide (video and quote), so "in view" means the carousel shows it.
test.use({ viewport: { width: 1280, height: 1200 } });

test('seeded testimonials show newest first, and next and previous wrap at both ends', async ({ page }) => {
  const newestFirst = await rows<Testimonial>('testimonials', 'order=created_at.desc');
  expect(newestFirst.length).toBeGreaterThan(1);
  const first = newestFirst[0]!.client_name;
  const last = newestFirst.at(-1)!.client_name;

  await page.goto('/');
  await scrollToTestimonials(page);
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
    // The section's island asks for testimonials when it comes near the viewport.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    expect(await (await loaded).json()).toEqual([]);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(section(page)).toHaveCount(0);
  } finally {
    await insertRows('testimonials', saved);
  }
});

test('every slide is laid out for what it has: a video frame only with a video, a quote alone centred, visible indicators, no shift', async ({ page }) => {
  const testimonials = await rows<Testimonial>('testimonials', 'order=created_at.desc');
  expect(testimonials.some((t) => t.video_url) && testimonials.some((t) => !t.video_url), 'the seed has slides with and without a video').toBe(true);
  await page.goto('/');
  await scrollToTestimonials(page);
  const carousel = section(page).locator('[aria-roledescription="carousel"]');
  const heightBefore = (await carousel.boundingBox())!.height;

  for (const [i, t] of testimonials.entries()) {
    const current = slide(page, t.client_name);
    await expect(current).toBeInViewport({ ratio: 0.5 });
    await expect(current.getByRole('button', { name: /play/i })).toHaveCount(t.video_url ? 1 : 0);
    // The quote sits in the middle of its panel: no empty frame above or below it.
    const gaps = await current.evaluate((el) => {
      const panel = el.firstElementChild!.getBoundingClientRect();
      const content = [...el.firstElementChild!.children].map((c) => c.getBoundingClientRect());
      return { above: Math.min(...content.map((r) => r.top)) - panel.top, below: panel.bottom - Math.max(...content.map((r) => r.bottom)) };
    });
    expect(Math.abs(gaps.above - gaps.below), `${t.client_name}: space above and below the content`).toBeLessThan(2);
    if (i < testimonials.length - 1) await section(page).getByRole('button', { name: 'Next testimonial' }).click();
  }
  expect((await carousel.boundingBox())!.height).toBe(heightBefore);

  // Indicators, the current one and the others, stand out from the band (WCAG 1.4.11: 3:1 for what a control looks like).
  const indicators = section(page).locator('.mantine-Carousel-indicator');
  await expect(indicators).toHaveCount(testimonials.length);
  for (const dot of [indicators.first(), indicators.last()]) expect(await contrastWithBand(dot)).toBeGreaterThanOrEqual(3);
});

/** The contrast ratio of an element's background colour against the first opaque background behind it. */
async function contrastWithBand(element: ReturnType<Page['locator']>) {
  return element.evaluate((dot) => {
    const rgb = (color: string) => color.match(/\d+(\.\d+)?/g)!.slice(0, 3).map(Number);
    const luminance = (color: string) => {
      const [r, g, b] = rgb(color).map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    let band: Element | null = dot.parentElement;
    while (band && getComputedStyle(band).backgroundColor === 'rgba(0, 0, 0, 0)') band = band.parentElement;
    const [a, b] = [luminance(getComputedStyle(dot).backgroundColor), luminance(getComputedStyle(band!).backgroundColor)].sort((x, y) => y - x);
    return (a! + 0.05) / (b! + 0.05);
  });
}

test('the track is as tall as the slide in view, also once its text takes more or fewer lines (the site\'s face arriving)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await scrollToTestimonials(page);
  const gap = () =>
    section(page)
      .locator('.mantine-Carousel-container')
      .evaluate((track) => {
        const inView = [...track.children].find((s) => {
          const r = s.getBoundingClientRect();
          return r.left >= -1 && r.left < window.innerWidth / 2;
        });
        // Between two slides (the track moving): asked again.
        if (!inView) return null;
        return Math.round(Math.abs(track.getBoundingClientRect().height - inView.getBoundingClientRect().height));
      });
  await expect(section(page).getByRole('group').first()).toBeVisible();
  await expect.poll(gap).toBe(0);
  // Only the height changes, as when a face with other widths arrives: taller, no part of a quote may be cut
  // off; shorter, no empty band may stay under it.
  for (const lineHeight of [2.2, 1.2]) {
    await page.addStyleTag({ content: `#testimonials blockquote { line-height: ${lineHeight} !important; }` });
    await expect.poll(gap, `with lines ${lineHeight} high`).toBe(0);
  }
  await section(page).getByRole('button', { name: 'Next testimonial' }).click();
  await expect.poll(gap, 'on the next slide').toBe(0);
});
