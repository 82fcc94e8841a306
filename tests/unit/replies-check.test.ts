/**
 * The replies staff start from (schemas/<form>.replies.json, docs/decisions/049): the real files build into
 * the notified forms; every mistake a non-developer can make in one is refused at its line with the fix,
 * and nothing is written. Filling one puts in the sender's answers as staff read them.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { notificationForms } from '../../form-model/generated/notification-forms';
import { fillReply, placeholdersIn, REPLY_SUBJECT_MAX, replySubjectLine } from '../../form-model/reply-templates';
import { replySubject, staffForms } from '../../src/features/staff/staff-forms';
import { schemaWorkspace } from '../support/schema-workspace';

const real = readFileSync(join(import.meta.dirname, '..', '..', 'schemas', 'contact.replies.json'), 'utf8');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form edits of a JSON file
async function generateWith(edit: (replies: any) => void = () => undefined, file = 'contact.replies.json', text?: string) {
  const ws = schemaWorkspace();
  const replies = JSON.parse(real);
  edit(replies);
  writeFileSync(join(ws.schemas, file), text ?? `${JSON.stringify(replies, null, 2)}\n`);
  const result = await ws.generate();
  return { ws, ok: result.ok, out: result.lines.join('\n') };
}

describe('schemas/<form>.replies.json', () => {
  it('builds into the notified forms, which the staff page reads', async () => {
    const { ws, ok, out } = await generateWith((r) => r.push({ title: 'A new one', subject: 'About {subject}', body: 'Hello {name}' }));
    expect(ok, out).toBe(true);
    const module = readFileSync(join(ws.formModel, 'generated', 'notification-forms.ts'), 'utf8');
    expect(module).toContain('"title": "A new one"');
    expect(module).toContain('"subject": "About {subject}"');
  });

  it('takes the reply schemas/README.md shows, word for word', async () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'schemas', 'README.md'), 'utf8');
    const example = JSON.parse(/<!-- replies example -->\s*```json\s*([\s\S]*?)```/.exec(readme)![1]!) as unknown;
    const { ok, out } = await generateWith((replies) => replies.splice(0, replies.length, example));
    expect(ok, out).toBe(true);
  });

  it('lets a form have none', async () => {
    const { ws } = await generateWith();
    rmSync(join(ws.schemas, 'contact.replies.json'));
    const result = await ws.generate();
    expect(result.ok, result.lines.join('\n')).toBe(true);
    expect(readFileSync(join(ws.formModel, 'generated', 'notification-forms.ts'), 'utf8')).not.toContain('replies:');
  });

  const refusals: [string, (replies: any) => void, RegExp][] = [ // eslint-disable-line @typescript-eslint/no-explicit-any
    ['an answer the form does not have', (r) => (r[0].body = 'Hello {nmae},'), /contact\.replies\.json:\d+:\d+ \(at \/0\/body\): names \{nmae\}, but schemas\/contact\.schema\.json has no such question\. Did you mean "name"\?/],
    ['a brace with a space inside', (r) => (r[1].subject = 'Re: { subject }'), /contact\.replies\.json:\d+:\d+ \(at \/1\/subject\): has a "\{" that is not part of a \{question\}: write the question's name in braces with nothing else inside/],
    ['a brace left open', (r) => (r[0].body = 'Hello {name,\n\nThanks'), /has a "\{" that is not part of a \{question\}/],
    ['a subject on two lines', (r) => (r[0].subject = 'Re:\n{subject}'), /\(at \/0\/subject\): .*must be one line of text, at most 150 characters/],
    ['an empty body', (r) => (r[0].body = '   '), /\(at \/0\/body\): .*must be text that is not empty/],
    ['two replies with one title', (r) => (r[1].title = r[0].title.toUpperCase()), /\(at \/1\/title\): ".*" is already the title of reply 1: staff pick replies by title, so give each its own\./],
    ['a misspelt key', (r) => ((r[0].subjet = r[0].subject), delete r[0].subject), /contact\.replies\.json:\d+:\d+ \(at \/0[^)]*\): .*"subjet"/],
  ];
  for (const [mistake, edit, said] of refusals) {
    it(`refuses ${mistake}, at its line, writing nothing`, async () => {
      const { ok, out } = await generateWith(edit);
      expect(ok, out).toBe(false);
      expect(out).toMatch(said);
      expect(out).toContain('nothing was written');
    });
  }

  it('points at the line of a stray brace in a long body', async () => {
    const { ok, out } = await generateWith(undefined, 'contact.replies.json', '[\n  {\n    "title": "T",\n    "subject": "S",\n    "body": "Hello {name},\\n\\nSee you {soon"\n  }\n]\n');
    expect(ok).toBe(false);
    expect(out).toMatch(/contact\.replies\.json:5:\d+/);
    expect(out).toContain('See you {soon');
  });

  it('refuses replies for a form staff are not emailed about', async () => {
    const { ok, out } = await generateWith(undefined, 'sign-in.replies.json', '[{ "title": "T", "subject": "S", "body": "B" }]');
    expect(ok).toBe(false);
    expect(out).toMatch(/sign-in\.replies\.json:1:1: replies are sent from the staff inbox, which lists only forms that email staff/);
  });
});

describe('fillReply', () => {
  const contact = Object.values(notificationForms).find((form) => form.id === 'contact')!;
  const assessment = Object.values(notificationForms).find((form) => form.id === 'assessment')!;

  it('puts in the answers as staff read them, an option by its label, and nothing for a question not answered', () => {
    const template = { title: 'T', subject: 'Re: {subject}', body: 'Hello {name}, about {organization_type} ({timeline}).' };
    expect(fillReply(template, assessment, { organization_type: 'small_business', timeline: null })).toEqual({ subject: 'Re:', body: 'Hello , about Small Business ().' });
    expect(fillReply({ ...template, body: 'Hello {name}' }, contact, { subject: 'Feedback', name: 'Ana' })).toEqual({ subject: 'Re: Feedback', body: 'Hello Ana' });
  });

  it('fills only its own braces: a sender who typed "{email}" reads it as typed, and a subject stays one line', () => {
    expect(fillReply({ title: 'T', subject: '{name}', body: 'Hello {name}' }, contact, { name: 'Ana {email}\nSmith', email: 'ana@example.org' })).toEqual({
      subject: 'Ana {email} Smith',
      body: 'Hello Ana {email}\nSmith',
    });
  });

  it('keeps a subject filled from long answers within what the database takes: one line, 200 characters as it counts them, cut with "…"', () => {
    const long = 'Ü'.repeat(150) + '😀'.repeat(100);
    const { subject } = fillReply({ title: 'T', subject: 'Re: {name}', body: '' }, contact, { name: long });
    expect([...subject]).toHaveLength(REPLY_SUBJECT_MAX);
    expect(subject.startsWith('Re: ÜÜÜ')).toBe(true);
    expect(subject.endsWith('😀…')).toBe(true);
    // The default subject, "Re: " and the staff email's, is held to the same.
    const staffContact = [...staffForms.values()].find((form) => form.id === 'contact')!;
    for (const form of staffForms.values()) {
      const answers = Object.fromEntries(form.order.map((field) => [field, long]));
      expect([...replySubject(form, answers)].length, form.id).toBeLessThanOrEqual(REPLY_SUBJECT_MAX);
    }
    expect(staffContact.replies?.length).toBeGreaterThan(0);
    expect(replySubjectLine('Re: short')).toBe('Re: short');
    expect(replySubjectLine('x'.repeat(REPLY_SUBJECT_MAX))).toHaveLength(REPLY_SUBJECT_MAX);
  });

  it('tells question names from stray braces', () => {
    expect(placeholdersIn('Hi {name}, {x y} and } and {ok}')).toEqual({ names: ['name', 'ok'], stray: [11, 15, 21] });
  });
});
