import { courses, courseSlug, featuredCourse, formLinkFor, resources, services } from '../../site.config';
import type { InternalCourse } from '../../src/config/site-types';
import { expect, test } from './fixtures';

test('course cards: external ones open a new tab and read View Course, internal ones read Learn More', async ({ page }) => {
  await page.goto('/courses');
  const grid = page.getByRole('region', { name: 'See Our Courses' });
  const external = grid.getByRole('link', { name: /^View Course/ });
  await expect(external).toHaveCount(1);
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(external).toHaveAttribute('href', /^https:\/\//);
  const internal = grid.getByRole('link', { name: /^Learn More/ });
  await expect(internal).toHaveCount(3);
  for (const link of await internal.all()) {
    await expect(link).not.toHaveAttribute('target');
    await expect(link).toHaveAttribute('href', /^\/courses\//);
  }
});

test('the featured course button signs up for AI for Doing Good', async ({ page }) => {
  await page.goto('/courses');
  await page.getByRole('link', { name: 'Sign Up Now for $399' }).click();
  await expect(page).toHaveURL(featuredCourse);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI for Doing Good');
});

test('a course page shows its facts, four sample lessons and the enrolment box', async ({ page }) => {
  const course = courses.find((c) => c.path === '/courses/strategic-leadership')!;
  await page.goto(course.path);
  const facts = page.getByRole('list', { name: 'Course at a glance' });
  await expect(facts).toContainText(`${course.weeks} weeks`);
  await expect(facts).toContainText(`${course.lessons} lessons`);
  await expect(facts).toContainText('Certificate included');
  await expect(page.getByRole('heading', { name: "What You'll Learn" })).toBeVisible();
  await expect(page.getByText(/^Lesson \d$/)).toHaveCount(4);
  const box = page.getByRole('complementary', { name: 'Enrolment' });
  await expect(box).toContainText(`$${course.price}`);
  await expect(box).toContainText('14-day money-back promise');
  await expect(box.getByRole('link', { name: 'Sign Up Now' })).toHaveAttribute('href', formLinkFor('courses', courseSlug(course as InternalCourse))!);
});

test('external resources open in a new tab without opener or referrer', async ({ page }) => {
  await page.goto('/blog');
  for (const resource of resources.filter((r) => r.to.startsWith('https://'))) {
    const link = page.getByRole('link', { name: `Visit resource: ${resource.title}` });
    await expect(link).toHaveAttribute('href', resource.to);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  for (const resource of resources.filter((r) => r.to.startsWith('/'))) {
    const link = page.getByRole('link', { name: `Read article: ${resource.title}` });
    await expect(link).toHaveAttribute('href', resource.to);
    await expect(link).not.toHaveAttribute('target');
  }
});

for (const service of services) {
  test(`${service.path}: hero button to /contact, closing button to ${service.closing.to}`, async ({ page }) => {
    await page.goto(service.path);
    const hero = page.getByRole('region', { name: service.title });
    await expect(hero.getByRole('link', { name: service.heroAction })).toHaveAttribute('href', '/contact');
    const closing = page.getByRole('region', { name: service.closing.title });
    await closing.getByRole('link', { name: service.closing.label }).click();
    await expect(page).toHaveURL(service.closing.to);
  });
}

test('home: hero buttons, four Learn More cards and Start Today', async ({ page }) => {
  await page.goto('/');
  const hero = page.locator('section').first();
  await expect(hero.getByRole('link', { name: 'Start a Conversation' })).toHaveAttribute('href', '/contact');
  await expect(hero.getByRole('link', { name: 'Explore Our Services' })).toHaveAttribute('href', '/services');
  const learnMore = page.getByRole('link', { name: /^Learn More about / });
  await expect(learnMore).toHaveCount(4);
  // The spec's visible text; the rest of the name is visually hidden text, read by screen readers and search engines.
  for (const link of await learnMore.all()) {
    const shown = await link.evaluate((el) => {
      const hidden = el.querySelector('.mantine-VisuallyHidden-root');
      const clipped = hidden ? hidden.getBoundingClientRect().width <= 1 : false;
      return clipped ? el.textContent!.replace(hidden!.textContent!, '').trim() : el.textContent!.trim();
    });
    expect(shown).toBe('Learn More');
  }
  await page.getByRole('link', { name: 'Start Today' }).click();
  await expect(page).toHaveURL('/assessment');
});

test('/services: every card is named by its service and opens it, the whole card being the target; a service alone in its section spans the row', async ({ page }) => {
  await page.goto('/services');
  const cards = page.getByRole('main').getByRole('heading', { level: 3 }).getByRole('link');
  expect((await cards.allTextContents()).sort()).toEqual(services.map((s) => s.title).sort());
  await expect(page.getByRole('main').getByRole('link', { name: /Learn More/ })).toHaveCount(0);
  // A press anywhere on a card (here its description) opens the service.
  const first = services[0]!;
  await page.getByText(first.summary).scrollIntoViewIfNeeded();
  const text = (await page.getByText(first.summary).boundingBox())!;
  await page.mouse.click(text.x + text.width / 2, text.y + text.height / 2);
  await expect(page).toHaveURL(first.path);

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/services');
  const alone = services.filter((s) => s.group === null);
  expect(alone).toHaveLength(1);
  const card = page.getByRole('link', { name: alone[0]!.title }).locator('xpath=ancestor::div[contains(@class, "mantine-Card-root")][1]');
  const section = page.getByRole('region', { name: 'Also Offered' }).locator('.mantine-Container-root').first();
  const [cardBox, sectionBox] = [await card.boundingBox(), await section.boundingBox()];
  expect(cardBox!.width).toBeGreaterThan(sectionBox!.width * 0.9);
});
