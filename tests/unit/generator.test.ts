import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkForm } from '../../scripts/generate/check-form';
import { readForms, type FormSource } from '../../scripts/generate/forms';

const root = join(import.meta.dirname, '..', '..');
const real = readForms(join(root, 'schemas'));
const formNamed = (name: string): FormSource => structuredClone(real.find((f) => f.name === name)!);
const sentences = (form: FormSource) => checkForm(form).map((p) => p.message);

function generate(env: Record<string, string>, ...args: string[]) {
  return spawnSync('npx', ['tsx', 'scripts/generate.ts', ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } });
}

/** Private copies, so nothing a test generates can land in the real schemas/, src/generated or supabase/. */
function copySchemas() {
  const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
  cpSync(join(root, 'schemas'), dir, { recursive: true });
  const supabase = mkdtempSync(join(tmpdir(), 'supabase-'));
  cpSync(join(root, 'supabase'), supabase, { recursive: true });
  return { schemas: dir, generated: mkdtempSync(join(tmpdir(), 'generated-')), supabase };
}

describe('the generator checks schemas and explains each mistake', () => {
  it('finds nothing wrong with the real schemas', () => {
    for (const form of real) expect(sentences(form), form.name).toEqual([]);
  });

  it('rejects something that is not JSON Schema', () => {
    const form = formNamed('contact');
    (form.schema.json.properties!.name as { type: string }).type = 'strnig';
    expect(sentences(form)[0]).toMatch(/^schemas\/contact\.schema\.json at \/properties\/name\/type: is not valid JSON Schema/);
  });

  it('rejects a required field that does not exist', () => {
    const form = formNamed('contact');
    form.schema.json.required!.push('phone');
    expect(sentences(form)).toContain('schemas/contact.schema.json at /required/4: lists "phone" as required, but there is no such field under "properties".');
  });

  it('asks for a label on every option', () => {
    const form = formNamed('assessment');
    const timeline = form.schema.json.properties!.timeline!;
    timeline.oneOf!.push({ const: 'someday' });
    form.schema.json.properties!.budget_range = { type: 'string', title: 'Budget', enum: ['a', 'b'] };
    const found = sentences(form);
    expect(found).toContain('schemas/assessment.schema.json at /properties/timeline/oneOf/4: option 5 of "timeline" needs a "title": the label visitors see.');
    expect(found.some((s) => s.includes('/properties/budget_range/enum') && s.includes('use "oneOf"'))).toBe(true);
  });

  it('requires every field in exactly one step, and only real fields', () => {
    const form = formNamed('assessment');
    const steps = form.steps!.json as { title: string; fields: string[] }[];
    steps[0]!.fields.push('goals');
    steps[1]!.fields.push('budget');
    steps[3]!.fields = steps[3]!.fields.filter((f) => f !== 'contact_phone');
    expect(sentences(form)).toEqual([
      'schemas/assessment.steps.json at /1/fields/3: step 2 lists "budget", but the schema has no such field.',
      'schemas/assessment.steps.json at /2/fields/0: "goals" is already in step 1; each field belongs to exactly one step.',
      'schemas/assessment.steps.json at /: "contact_phone" is in the schema but in no step, so visitors could never fill it in.',
    ]);
  });

  it('requires the messages a form needs, with known placeholders and real fields', () => {
    const form = formNamed('contact');
    form.messages.json = { required: { title: 'Needs Info', message: '{label} is needed.' }, fields: { phone: { required: { title: 'x', message: 'y' } }, name: { pattern: { title: 'x', message: 'y' } } } };
    expect(sentences(form)).toEqual([
      'schemas/contact.messages.json at /required/message: uses {label}, but only {title}, {name} and {step} can be filled in.',
      'schemas/contact.messages.json at /fields/phone: has messages for "phone", but the schema has no such field.',
      'schemas/contact.messages.json at /fields/name/pattern: has a "pattern" message, but "name" has no "pattern" rule in the schema.',
    ]);
    form.messages.json = {};
    expect(sentences(form)).toEqual(['schemas/contact.messages.json at /required: needs a "title" and a "message", both non-empty text.']);
  });

  it('rejects a field order or field style for a field that does not exist', () => {
    const form = formNamed('contact');
    form.ui.json['ui:order'] = ['name', 'emial', 'subject', 'message'];
    form.ui.json.mesage = { 'ui:widget': 'textarea' };
    expect(sentences(form)).toEqual([
      'schemas/contact.ui.json at /ui:order/1: puts "emial" in the field order, but the schema has no such field.',
      'schemas/contact.ui.json at /mesage: styles a field "mesage" that the schema does not have.',
    ]);
  });

  it('prints file, JSON path and sentence from the command line, never a stack trace', () => {
    const dirs = copySchemas();
    writeFileSync(join(dirs.schemas, 'sign-in.ui.json'), '{ "ui:order": ["email" "password"] }');
    const broken = generate({ SCHEMAS_DIR: dirs.schemas, GENERATED_DIR: dirs.generated, SUPABASE_DIR: dirs.supabase });
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain('✖ schemas/sign-in.ui.json: is not valid JSON');
    expect(broken.stderr).not.toMatch(/\n\s+at /);
  }, 30_000);
});

describe('generated files', () => {
  it('carry the do-not-edit banner', () => {
    for (const file of ['types.ts', 'forms/contact.ts', 'validators/contact.ts']) {
      expect(readFileSync(join(root, 'src/generated', file), 'utf8')).toMatch(/^\/\/ Generated by `npm run generate` from schemas\/.*Do not edit/);
    }
  });

  it('--check fails when a generated file was edited or one is left over, and passes when in step', () => {
    const dirs = copySchemas();
    const env = { SCHEMAS_DIR: dirs.schemas, GENERATED_DIR: dirs.generated, SUPABASE_DIR: dirs.supabase };
    expect(generate(env).status).toBe(0);
    expect(generate(env, '--check').status).toBe(0);
    writeFileSync(join(dirs.generated, 'types.ts'), '// edited by hand\n');
    writeFileSync(join(dirs.generated, 'forms/old-form.ts'), '');
    const drift = generate(env, '--check');
    expect(drift.status).toBe(1);
    expect(drift.stderr).toContain('stale:   src/generated/types.ts');
    expect(drift.stderr).toContain('extra:   src/generated/forms/old-form.ts');
  }, 60_000);
});
