// The README is the newcomer's only guide: each section once, and every npm script in its table.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const scripts = Object.keys(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).scripts);

describe('README', () => {
  it('has each section heading once', () => {
    const headings = readme.split('\n').filter((line) => /^#{1,3} /.test(line));
    const repeated = headings.filter((heading, index) => headings.indexOf(heading) !== index);
    expect(repeated).toEqual([]);
  });

  it('lists every npm script in its Scripts table, once', () => {
    const table = readme.split('## Scripts')[1]?.split('\n## ')[0] ?? '';
    const rows = table.split('\n').filter((line) => line.startsWith('| `npm'));
    const named = (script: string) => rows.filter((row) =>
      row.split('|')[1]!.includes(script === 'start' || script === 'test' ? `\`npm ${script}\`` : `npm run ${script}`));
    // Scripts the table names together with another (lint / typecheck, staff:add / staff:remove) count once each.
    expect(scripts.filter((script) => named(script).length !== 1)).toEqual([]);
  });
});
