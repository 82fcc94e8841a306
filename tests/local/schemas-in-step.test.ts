/**
 * Nothing serves a form out of step with schemas/: `npm start` regenerates first (and `npm run dev`, on each
 * save: tests/local/dev-server.test.ts). Run on a copy of the project, so the real schemas/ are never touched.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { editSchemaFile, projectCopy, runningSites } from '../support/project-copy';

const running = runningSites();
afterEach(() => running.stop());

/** Edits schemas/contact.*.json in the copy as someone would in an editor. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form edits of a JSON file
const editContact = (dir: string, part: 'schema' | 'ui', edit: (json: Record<string, any>) => void) => editSchemaFile(dir, `contact.${part}.json`, edit);

describe('the site follows schemas/ without `npm run generate`', () => {
  it('npm start after a schema edit serves the new form, with its migration applied', async () => {
    const dir = projectCopy();
    editContact(dir, 'schema', (s) => {
      s.properties.name.title = 'Your Full Name';
      s.properties.organization = { type: 'string', title: 'Organization', maxLength: 200 };
    });
    editContact(dir, 'ui', (ui) => ui['ui:order'].push('organization'));
    const site = await running.launch(dir, 'start.ts');
    expect(site.code, site.output()).toBeNull();
    expect(site.output()).toContain('supabase/migrations/');
    const html = await (await fetch(`${site.url}/contact`)).text();
    expect(html).toContain('Your Full Name');
    expect(html).toContain('Organization (optional)');
  }, 180_000);

  it('npm start refuses a broken schema with the generator\'s message, and serves nothing', async () => {
    const dir = projectCopy();
    const file = join(dir, 'schemas', 'contact.schema.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"message"]', '"message",]'));
    const site = await running.launch(dir, 'start.ts');
    expect(site.code).not.toBe(0);
    expect(site.code).not.toBeNull();
    expect(site.output()).toMatch(/schemas\/contact\.schema\.json:8:\d+: is not valid JSON: remove this comma/);
  }, 120_000);

});
