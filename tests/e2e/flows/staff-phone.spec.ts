/**
 * The workspace on a phone (issue 41, item 8): at 390 px every action of the inbox, the bar of a
 * selection and a submission's page is a target a thumb can hit (WCAG 2.2's target size, axe's own
 * rule), nothing is wider than the screen, and the selection's actions sit at the bottom, in reach.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { confirmedAccount, insertRows, makeStaff } from '../backend';
import { expect, test } from '../fixtures';
import { signInHere, unique } from './helpers';

const targetsTooSmall = async (page: Page) =>
  (await new AxeBuilder({ page }).withRules(['target-size']).analyze()).violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));

test('at 390 px every staff action is a target a thumb can hit, and the selection bar is in reach', async ({ page }) => {
  const { email, password } = await confirmedAccount('staff-phone');
  await makeStaff(email);
  const tag = unique('thumb');
  await insertRows('contact_submissions', [
    { name: `Ona ${tag}`, email: `ona-${tag}@example.org`, subject: 'Service Request', message: 'Please call me' },
    { name: `Pia ${tag}`, email: `pia-${tag}@example.org`, subject: 'Feedback', message: 'Thank you' },
  ]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/staff?q=${tag}`);
  await signInHere(page, email, password);
  const entries = page.getByRole('list', { name: 'Submissions' }).getByRole('listitem');
  await expect(entries).toHaveCount(2);
  expect(await targetsTooSmall(page)).toEqual([]);

  await page.getByRole('checkbox', { name: 'Select all listed' }).check();
  const bar = page.getByRole('region', { name: 'Change the selected submissions' });
  await expect(bar).toContainText('2 submissions selected');
  const box = (await bar.boundingBox())!;
  // In the lower part of the screen, where a thumb holding the phone reaches.
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  expect(box.y).toBeGreaterThan(844 / 2);
  expect(await targetsTooSmall(page)).toEqual([]);
  await page.getByRole('checkbox', { name: 'Select all listed' }).uncheck();

  await entries.getByRole('link', { name: `Ona ${tag}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Contact Inquiry from Ona ${tag}` })).toBeVisible();
  expect(await targetsTooSmall(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

/**
 * Each part of every `EmailAddress` on the page: how many lines it takes, and whether it is as wide as
 * the block it sits in (it cannot fit on one line there).
 */
const addressParts = (page: Page) =>
  page.locator('bdi:has(> span + wbr + span) > span').evaluateAll((spans) =>
    spans
      .filter((span) => span.getClientRects().length > 0)
      .map((span) => {
        let block = span.parentElement!;
        while (getComputedStyle(block).display.startsWith('inline')) block = block.parentElement!;
        const style = getComputedStyle(block);
        const room = block.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const range = span.ownerDocument.createRange();
        range.selectNodeContents(span);
        return { text: span.textContent!, lines: new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size, full: span.getBoundingClientRect().width >= room - 1 };
      }),
  );

test('at 390 px an address of any length stays on the screen, each part whole while it fits', async ({ page }) => {
  const { email, password } = await confirmedAccount('staff-phone-address');
  await makeStaff(email);
  const tag = unique('length');
  // Mailbox names around the width of the submission page's answer column (about 27 characters) and of
  // an inbox card (about 45), up to the longest a mailbox can be (64), with no hyphen to break at.
  const lengths = [1, 24, 27, 30, 44, 47, 50, 64];
  const addresses = lengths.map((length, index) => `${String.fromCharCode(97 + index).repeat(length)}@${index % 2 ? 'example.org' : `${'d'.repeat(40)}.example.org`}`);
  await insertRows(
    'contact_submissions',
    addresses.map((address, index) => ({ name: `Len${lengths[index]} ${tag}`, email: address, subject: 'Feedback', message: 'Hello' })),
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/staff?q=${tag}`);
  await signInHere(page, email, password);
  const entries = page.getByRole('list', { name: 'Submissions' }).getByRole('listitem');
  await expect(entries).toHaveCount(lengths.length);
  const wide = async () => page.evaluate(() => document.documentElement.scrollWidth);
  const wholeUnlessFull = (parts: { text: string; lines: number; full: boolean }[]) => parts.filter((part) => part.lines > 1 && !part.full);

  expect(await wide()).toBeLessThanOrEqual(390);
  const cardParts = await addressParts(page);
  expect(cardParts.map((part) => part.text).join('')).toBe(addresses.toReversed().join(''));
  expect(wholeUnlessFull(cardParts)).toEqual([]);
  // The short ones are whole, one line a part; the longest mailbox name had to break.
  expect(cardParts.filter((part) => part.text.length <= 24).every((part) => part.lines === 1)).toBe(true);
  expect(cardParts.find((part) => part.text === 'h'.repeat(64))?.lines).toBeGreaterThan(1);

  for (const length of lengths) {
    await entries.getByRole('link', { name: `Len${length} ${tag}` }).click();
    await expect(page.getByRole('heading', { level: 2, name: `Contact Inquiry from Len${length} ${tag}` })).toBeVisible();
    expect(await wide(), `the page of a ${length}-character mailbox`).toBeLessThanOrEqual(390);
    expect(wholeUnlessFull(await addressParts(page))).toEqual([]);
    // Its parts are drawn as the link they are in (an inline block does not take a link's underline by itself).
    const link = page.getByRole('region', { name: 'Answers' }).getByRole('link').filter({ hasText: addresses[lengths.indexOf(length)]! });
    const decorations = await link.evaluate((a) => [a, ...a.querySelectorAll('bdi > span')].map((element) => getComputedStyle(element).textDecorationLine));
    expect(new Set(decorations), decorations.join()).toEqual(new Set([decorations[0]]));
    await page.goBack();
  }
});

test('the overview names today and evenly spaced days on its axis, in every range, each label clear of the next, on a phone and a desktop', async ({ page }) => {
  const { email, password } = await confirmedAccount('staff-phone-axis');
  await makeStaff(email);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/staff?view=overview&days=7');
  await signInHere(page, email, password);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 844 });
    for (const days of [7, 30, 90]) {
      await page.goto(`/staff?view=overview&days=${days}`);
      const axis = page.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value');
      await expect(axis.first()).toBeVisible();
      // The day-by-day table lists every day of the range, oldest first.
      const everyDay = await page.locator('table th[scope="row"]').allTextContents();
      expect(everyDay).toHaveLength(days);
      const labels = await axis.evaluateAll((texts) => texts.map((text) => ({ text: text.textContent!, left: text.getBoundingClientRect().left, right: text.getBoundingClientRect().right })));
      const at = labels.map((label) => everyDay.indexOf(label.text));
      const where = `${days} days at ${width} px: ${labels.map((label) => label.text).join(', ')}`;
      expect(at.at(-1), where).toBe(days - 1);
      expect(new Set(at.slice(1).map((index, i) => index - at[i]!)).size, where).toBe(1);
      expect(at[0]! - (at[1]! - at[0]!), where).toBeLessThan(0);
      for (const [i, label] of labels.slice(1).entries()) expect(label.left, `${label.text} after ${labels[i]!.text}, ${where}`).toBeGreaterThan(labels[i]!.right);
      // Where there is room, a week names every day.
      if (width === 1366 && days === 7) expect(labels).toHaveLength(7);
    }
  }
});
