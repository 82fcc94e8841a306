/**
 * The journeys of tests/e2e/flows/ run side by side unless playwright.config.ts lists them as changing or
 * counting shared state (SHARED_STATE_JOURNEYS): a journey that breaks the mail inbox for everyone, empties a
 * whole table or reads mail it did not filter to its own address would make its neighbours fail now and then.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED_STATE_JOURNEYS } from '../../playwright.config';

const e2e = join(import.meta.dirname, '..', 'e2e');
const sideBySide = readdirSync(join(e2e, 'flows'))
  .filter((file) => file.endsWith('.spec.ts'))
  .map((file) => `flows/${file}`)
  .filter((file) => !SHARED_STATE_JOURNEYS.includes(file));

describe('end-to-end journeys that run side by side share nothing', () => {
  it('every journey named as changing shared state exists (a renamed one would run side by side unnoticed)', () => {
    for (const file of SHARED_STATE_JOURNEYS) expect(existsSync(join(e2e, file)), file).toBe(true);
    expect(sideBySide.length).toBeGreaterThan(0);
  });

  for (const file of sideBySide) {
    it(`${file} changes nothing every journey shares`, () => {
      const source = readFileSync(join(e2e, file), 'utf8');
      // The inbox refusing every recipient fails every journey that sends mail meanwhile.
      expect(source).not.toMatch(/inboxRefusesMail\(/);
      // A delete over a whole table (a filter that matches every row) takes other journeys' rows with it.
      expect(source).not.toMatch(/=neq\.|method: 'DELETE'/);
      // Mail is read for the journey's own address: the newest message of the whole inbox may be a neighbour's.
      for (const read of source.match(/\(await mail\(\)\)[^;]*/g) ?? []) expect(read, 'filter mail() to this journey’s address').toMatch(/\.(find|filter)\(/);
    });
  }
});
