import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { schemaWorkspace, type SchemaWorkspace } from '../support/schema-workspace';
import { declareVolunteer } from '../support/volunteer-form';
import { EMAIL_PATTERN } from '../../form-model/email-address';
import type { NotificationForm } from '../../form-model/notification-form';
import type * as AnswerRows from '../../form-model/answer-rows';

const root = join(import.meta.dirname, '..', '..');

/** Runs the generator on a copy after `edit`, expecting it to refuse; returns what it printed. */
async function refused(edit: (ws: SchemaWorkspace) => void): Promise<string> {
  const ws = schemaWorkspace();
  const before = ws.migrations();
  edit(ws);
  const result = await ws.generate();
  expect(result.ok, result.lines.join('\n')).toBe(false);
  // Nothing is written when anything is wrong.
  expect(existsSync(ws.generated) ? readdirSync(ws.generated) : []).toEqual([]);
  expect(ws.migrations()).toEqual(before);
  return result.lines.join('\n');
}

describe('the generator checks every file in schemas/ and explains each mistake', () => {
  it('finds nothing wrong with valid schemas, and a second run writes nothing', async () => {
    const ws = schemaWorkspace();
    const first = await ws.generate();
    expect(first.ok, first.lines.join('\n')).toBe(true);
    expect(first.migration).toBeNull();
    const second = await ws.generate();
    expect(second).toMatchObject({ ok: true, written: [] });
    expect(second.lines).toEqual(['Everything is already up to date with schemas/: nothing was written.']);
  });

  it('a question hidden as schemas/README.md says ("Stop asking a question") is accepted, and keeps its column', async () => {
    const ws = schemaWorkspace();
    ws.editJson('contact.ui.json', (ui) => (ui.message = { ...ui.message, 'ui:widget': 'hidden' }));
    ws.editJson('contact.schema.json', (s) => (s.required = s.required.filter((f: string) => f !== 'message')));
    const result = await ws.generate();
    expect(result.ok, result.lines.join('\n')).toBe(true);
    expect(result.lines.join('\n')).toContain('"Message" is now optional.');
    expect(readFileSync(join(ws.supabase, 'migrations', result.migration!), 'utf8')).not.toMatch(/drop column/);
  });

  it('a run that changes several forms says which form each change is about, and a run that changes one does not', async () => {
    const ws = schemaWorkspace();
    ws.editJson('contact.schema.json', (s) => (s.required = s.required.filter((f: string) => f !== 'message')));
    ws.editJson('assessment.schema.json', (s) => (s.required = s.required.filter((f: string) => f !== 'mission')));
    const both = await ws.generate();
    expect(both.ok, both.lines.join('\n')).toBe(true);
    expect(both.lines).toContain('  • contact_submissions: "Message" is now optional.');
    expect(both.lines.some((line) => /^ {2}• assessment_responses: ".+" is now optional\.$/.test(line)), both.lines.join('\n')).toBe(true);
  });

  it('a trailing comma: line, column, the line itself and the fix', async () => {
    const out = await refused((ws) => ws.editText('contact.schema.json', (t) => t.replace('"message"]', '"message",]')));
    expect(out).toMatch(/✖ schemas\/contact\.schema\.json:8:\d+: is not valid JSON: remove this comma/);
    expect(out).toContain('"required": ["name", "email", "subject", "message",],');
    expect(out).toMatch(/\n\s+\|\s+\^/);
  });

  it('every syntax mistake of a file is said in one run, each at its line in the file as written', async () => {
    const out = await refused((ws) =>
      ws.editText('contact.schema.json', (t) =>
        t
          .replace('"message"]', '"message",]')
          .replace('"title": "Full Name",', '"title": "Full Name" // shown above the box\n')
          .replace('"title": "Email Address"', '“title”: “Email Address”'),
      ),
    );
    const said = [...out.matchAll(/✖ schemas\/contact\.schema\.json:(\d+):\d+: is not valid JSON: (.*)/g)].map((m) => `${m[1]} ${m[2]!.split(/[.:]/)[0]}`);
    expect(said).toEqual(['8 remove this comma', '10 JSON files cannot hold comments', '10 a comma is missing here', expect.stringMatching(/^1[34] “ is a curly quote, as a word processor types them$/)]);
    expect(out).toMatch(/The schemas have 4 problems;/);
  });

  it('a new form\'s file before its forms.json entry says to add the entry, by the form\'s name', async () => {
    const out = await refused((ws) => writeFileSync(join(ws.schemas, 'event-registration.schema.json'), '{ "$id": "event_registration", "type": "object" }\n'));
    expect(out).toContain('schemas/event-registration.schema.json: belongs to no form listed in schemas/forms.json. For a new form, add its entry "event-registration" to schemas/forms.json (README.md, "Adding a form")');
  });

  it('curly quotes pasted on several lines are named on each, and those inside a text are left alone', async () => {
    const out = await refused((ws) =>
      ws.editText('contact.schema.json', (t) =>
        t
          .replace('"title": "Full Name"', '“title”: “Full Name”')
          .replace('"title": "Email Address"', '"title": “Email Address”')
          .replace('"title": "Contact Inquiry"', '"title": "The “Contact” Inquiry"'),
      ),
    );
    const lines = [...out.matchAll(/✖ schemas\/contact\.schema\.json:(\d+):\d+: is not valid JSON: (.)/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(lines).toEqual(['10 “', '13 “']);
    expect(out).toMatch(/The schemas have 2 problems;/);
  });

  it('curly quotes pasted from a word processor are named as such, with the fix', async () => {
    const out = await refused((ws) => ws.editText('contact.schema.json', (t) => t.replace('"title": "Full Name"', '“title”: “Full Name”')));
    expect(out).toMatch(/schemas\/contact\.schema\.json:\d+:\d+: is not valid JSON: “ is a curly quote, as a word processor types them\. Use straight double quotes " around names and text/);
  });

  it('"enum" instead of "oneOf" gets one message, saying how to write it', async () => {
    const out = await refused((ws) =>
      ws.editJson('contact.schema.json', (s) => {
        delete s.properties.subject.oneOf;
        s.properties.subject.enum = ['Feedback', 'Other'];
      }),
    );
    expect(out).toMatch(/The schemas have 1 problem;/);
    expect(out).toContain('"subject" lists bare "enum" values; use "oneOf" with a "const" and a "title" for each option');
  });

  it('a whole-number question needs a minimum and a maximum the database column can hold', async () => {
    const out = await refused((ws) => ws.editJson('contact.schema.json', (s) => (s.properties.seats = { type: 'integer', title: 'Seats', maximum: 3000000000 })));
    expect(out).toMatch(/\(at \/properties\/seats\): "seats" is a whole number, kept in a column that holds at most 2,147,483,647: give it a "minimum"/);
    expect(out).toMatch(/\(at \/properties\/seats\/maximum\): "maximum" of "seats" must be between -2,147,483,648 and 2,147,483,647/);
  });

  it('a page text that counts the steps must count as many as the steps file has', async () => {
    const out = await refused((ws) => {
      ws.editJson('assessment.steps.json', (steps) => steps.push({ title: 'Funding', fields: ['budget_range'] }));
      ws.editJson('assessment.steps.json', (steps) => (steps[2].fields = steps[2].fields.filter((f: string) => f !== 'budget_range')));
      ws.editJson('forms.json', (forms) => (forms.assessment.page.intro = 'Four short steps, about ten minutes.'));
      ws.editJson('forms.json', (forms) => (forms.assessment.page.description = 'Answer four short steps about your organization.'));
    });
    // The number written as the text wrote it, capital and all.
    expect(out).toMatch(/schemas\/forms\.json:\d+:\d+ \(at \/assessment\/page\/intro\): says "Four short steps", but schemas\/assessment\.steps\.json has 5 steps: write "Five" instead of "Four"\./);
    expect(out).toMatch(/\(at \/assessment\/page\/description\): says "four short steps", but schemas\/assessment\.steps\.json has 5 steps: write "five" instead of "four"\./);
  });

  it('a missing comma points at the end of the line that needs it', async () => {
    const out = await refused((ws) => ws.editText('sign-in.ui.json', () => '{\n  "ui:order": ["email"\n    "password"]\n}\n'));
    expect(out).toContain('schemas/sign-in.ui.json:2:23: is not valid JSON: a comma is missing here.');
  });

  it.each([
    ['a text', '"title": "Full Name,', '10:52', 'comma', '"title": "Full Name, "maxLength"'],
    ['a name', '"title: "Full Name",', '10:39', 'colon', '"title: "Full Name", "maxLength"'],
  ])('a missing closing quote after %s points where the quote belongs, not at the next word', async (_, typo, at, mark, line) => {
    const out = await refused((ws) => ws.editText('contact.schema.json', (t) => t.replace('"title": "Full Name",', typo)));
    expect(out).toContain(`schemas/contact.schema.json:${at}: is not valid JSON: a closing double quote " is missing before this ${mark}.`);
    expect(out).toContain(line);
  });

  it('a misspelt keyword is refused with "did you mean", instead of silently dropping the rule', async () => {
    const out = await refused((ws) => ws.editText('contact.schema.json', (t) => t.replace('"required":', '"requried":')));
    expect(out).toContain('schemas/contact.schema.json:8:3 (at /requried): "requried" is not a JSON Schema keyword, so it would be ignored. Did you mean "required"?');
  });

  it('another version of JSON Schema is refused at its line with the one to write, not with the validator\'s words', async () => {
    const out = await refused((ws) => ws.editText('contact.schema.json', (t) => t.replace('http://json-schema.org/draft-07/schema#', 'https://json-schema.org/draft/2020-12/schema')));
    expect(out).toContain('schemas/contact.schema.json:2:14 (at /$schema): "$schema" must be "http://json-schema.org/draft-07/schema#" (the version of JSON Schema every form is written in), or left out.');
    expect(out).not.toContain('no schema with key or ref');
  });

  it('unknown ui: settings and widgets are refused in the .ui.json file', async () => {
    const out = await refused((ws) =>
      ws.editJson('contact.ui.json', (ui) => {
        ui.name['ui:placholder'] = ui.name['ui:placeholder'];
        ui.message['ui:widget'] = 'textbox';
      }),
    );
    expect(out).toContain('(at /name/ui:placholder): "ui:placholder" is not a setting the form understands. Did you mean "ui:placeholder"?');
    expect(out).toContain('(at /message/ui:widget): "textbox" is not a widget for a string question. Use one of: text, textarea, select, radio, password, email, hidden.');
  });

  it('one run lists every problem of a schema: a misspelt keyword does not hide a duplicate option or a bare enum', async () => {
    const out = await refused((ws) =>
      ws.editJson('contact.schema.json', (s) => {
        s.requried = s.required;
        delete s.required;
        s.properties.subject.oneOf[1].const = s.properties.subject.oneOf[0].const;
        s.properties.name.enum = ['Ana', 'Ben'];
      }),
    );
    expect(out).toMatch(/\(at \/requried\): "requried" is not a JSON Schema keyword, so it would be ignored\. Did you mean "required"\?/);
    expect(out).toMatch(/\(at \/properties\/subject\/oneOf\/1\/const\): option 2 of "subject" stores the same value as an earlier option/);
    expect(out).toMatch(/\(at \/properties\/name\/enum\): "name" lists bare "enum" values/);
  });

  it('two options with the same label are refused: visitors could not tell them apart', async () => {
    const out = await refused((ws) => ws.editJson('contact.schema.json', (s) => (s.properties.subject.oneOf[2].title = ` ${s.properties.subject.oneOf[0].title.toUpperCase()}`)));
    expect(out).toMatch(/\(at \/properties\/subject\/oneOf\/2\/title\): option 3 of "subject" has the same label as option 1 \(" GENERAL INQUIRY"\): visitors could not tell them apart\./);
  });

  it('a file that is not valid JSON does not hide the problems of its form\'s schema', async () => {
    const out = await refused((ws) => {
      ws.editText('contact.messages.json', (text) => text.replace(/\n}\s*$/, ',\n}\n'));
      ws.editJson('contact.schema.json', (s) => (s.properties.name.enum = ['Ana', 'Ben']));
    });
    expect(out).toMatch(/schemas\/contact\.messages\.json:\d+:\d+: is not valid JSON: remove this comma/);
    expect(out).toMatch(/schemas\/contact\.schema\.json:\d+:\d+ \(at \/properties\/name\/enum\): "name" lists bare "enum" values/);
  });

  it('a key refused for its spelling is the one problem: the other files naming it as it should be are not told to write the refused one', async () => {
    const out = await refused((ws) =>
      ws.editJson('assessment.schema.json', (s) => {
        s.properties = Object.fromEntries(Object.entries(s.properties).map(([key, value]) => [key === 'contact_name' ? 'Contact Name' : key, value]));
      }),
    );
    expect(out).toMatch(/\(at \/properties\/Contact Name\): "Contact Name" must be lower-case letters, digits and underscores \(it names the column that holds the answers\): use "contact_name"\./);
    // Its "required" entry, its step, its ui settings and its reply already say "contact_name": no advice to change them to the refused name.
    expect(out).not.toContain('Did you mean "Contact Name"');
    expect(out.split('\n').filter((line) => line.includes('contact_name') && !line.includes('Contact Name'))).toEqual([]);
  });

  it('a new question left out of ui:order is refused, since the form could not show it', async () => {
    const out = await refused((ws) => ws.editJson('contact.schema.json', (s) => (s.properties.phone = { type: 'string', title: 'Phone', maxLength: 40 })));
    expect(out).toContain('(at /ui:order): does not place "phone", so the form could not show it. Add "phone" to "ui:order" where it should appear.');
  });

  it('a question key must be a column name as it is: lower case, not a keyword, not a column the generator adds', async () => {
    const withQuestion = (key: string) => (ws: SchemaWorkspace) => {
      ws.editJson('contact.schema.json', (s) => (s.properties[key] = { type: 'string', title: 'Extra', maxLength: 40 }));
      ws.editJson('contact.ui.json', (ui) => ui['ui:order'].push(key));
    };
    expect(await refused(withQuestion('order'))).toMatch(/schemas\/contact\.schema\.json:\d+:\d+ \(at \/properties\/order\): "order" is a word PostgreSQL reserves, so it cannot name a question\. Use another name, like "order_details"\./);
    expect(await refused(withQuestion('jobTitle'))).toMatch(/\(at \/properties\/jobTitle\): "jobTitle" must be lower-case letters, digits and underscores \(it names the column that holds the answers\): use "job_title"\./);
    expect(await refused(withQuestion('id'))).toMatch(/\(at \/properties\/id\): "id" is a column every saved form already has \(id, user_id, created_at\)\. Use another name, like "id_details"\./);
    const long = 'a'.repeat(60);
    expect(await refused(withQuestion(long))).toMatch(new RegExp(`"${long}" is too long: the database names its rules after the table and the question \\(contact_submissions_${long}_max_length\\), which must fit in 63 characters\\. Use at most \\d+ characters\\.`));
  });

  it('a form\'s name is words joined by single dashes: one ending in a dash, or with two in a row, is refused before it names any code', async () => {
    for (const name of ['survey-', 'survey--2027']) {
      // Declared whole, as a person copying the contact form would: its three files and its entry.
      const out = await refused((ws) => {
        for (const part of ['schema', 'ui', 'messages']) renameSync(join(ws.schemas, `contact.${part}.json`), join(ws.schemas, `${name}.${part}.json`));
        ws.editJson(`${name}.schema.json`, (schema) => (schema.$id = name.replaceAll('-', '_')));
        ws.editJson('forms.json', (forms) => ((forms[name] = forms.contact), delete forms.contact));
      });
      expect(out).toMatch(new RegExp(`schemas/forms\\.json:\\d+:\\d+ \\(at /${name}\\): "${name}" is not a usable name\\. Form names are lower-case words of letters and digits joined by single dashes`));
    }
  });

  it('a form cannot take a table the project already uses, or a page of the site, or where the built files are served', async () => {
    for (const table of ['testimonials', 'staff_inbox', 'form_step_counts']) {
      const out = await refused((ws) => ws.editJson('forms.json', (forms) => (forms.contact.table = table)));
      expect(out).toMatch(new RegExp(`schemas/forms\\.json:\\d+:\\d+ \\(at /contact/table\\): "${table}" is a table the site already uses \\(made by supabase/migrations/\\d{14}_\\w+\\.sql\\); a form's answers need a table of their own, like "contact_submissions"\\.`));
    }
    const pages = {
      '/about': '"/about" is already a page of the site (site.config.ts); a form\'s page needs an address of its own, like "/about-form".',
      '/': 'must be an address on this site',
      '/services/strategic-planning': 'is already a page of the site',
      '/assets': '"/assets" is where the site\'s built files are served from, so no page can live there.',
      '/assets/contact': 'is where the site\'s built files are served from',
      '/contact/': 'must be an address on this site',
      '/contact//us': 'must be an address on this site',
      '/contact-': 'must be an address on this site',
    };
    for (const [path, message] of Object.entries(pages)) {
      const out = await refused((ws) => ws.editJson('forms.json', (forms) => (forms.contact.page.path = path)));
      expect(out).toMatch(/schemas\/forms\.json:\d+:\d+ \(at \/contact\/page\/path\)/);
      expect(out).toContain(message);
    }
  });

  it('"format": "email" is the one named rule: the browser and the database get its pattern, and its message is the messages file\'s "format"', async () => {
    // The frozen fixture still spells the address out as a pattern; written as the named rule:
    const named = (ws: SchemaWorkspace) => {
      ws.editJson('contact.schema.json', (s) => ((s.properties.email = { ...s.properties.email, pattern: undefined, format: 'email' }), s));
      ws.editJson('contact.messages.json', (m) => (m.fields.email = { format: m.fields.email.pattern }));
    };
    const ws = schemaWorkspace();
    named(ws);
    const result = await ws.generate();
    expect(result.ok, result.lines.join('\n')).toBe(true);
    const contact = readFileSync(join(ws.generated, 'forms', 'contact.ts'), 'utf8');
    expect(contact).toContain(JSON.stringify(EMAIL_PATTERN));
    expect(contact).not.toContain('"format"');
    expect(contact).toMatch(/"email": \{\s*"pattern": \{\s*"title": "Needs Info",\s*"message": "Please enter a real Email Address\."/);

    const unknown = await refused((ws) => (named(ws), ws.editJson('contact.schema.json', (s) => (s.properties.email.format = 'emial'))));
    expect(unknown).toMatch(/schemas\/contact\.schema\.json:\d+:\d+ \(at \/properties\/email\/format\): "emial" is not a named rule: the one there is is "email"\. Did you mean "email"\?/);
    const both = await refused((ws) => (named(ws), ws.editJson('contact.schema.json', (s) => (s.properties.email.pattern = '^.+@.+$'))));
    expect(both).toContain('(at /properties/email/pattern): "format": "email" already says what the answer must look like: remove this "pattern".');
    const number = await refused((ws) => ws.editJson('assessment.schema.json', (s) => (s.properties.team_size.format = 'email')));
    expect(number).toContain('(at /properties/team_size/format): "format": "email" checks text: the question needs "type": "string".');
    const stray = await refused((ws) => ws.editJson('contact.messages.json', (m) => (m.fields.name = { format: { title: 'Needs Info', message: 'A name, please.' } })));
    expect(stray).toContain('has a "format" message, but "name" has no "format" rule in the schema.');
  });

  it('a new form\'s note says staff will see what is sent to it, not "the answers saved before", which it has none of', async () => {
    const ws = schemaWorkspace();
    declareVolunteer(ws.schemas);
    const result = await ws.generate();
    expect(result.ok, result.lines.join('\n')).toBe(true);
    expect(result.lines.join('\n')).toContain('Staff see what is sent to volunteer_offers in the staff inbox.');
    expect(result.lines.join('\n')).not.toContain('with the answers saved before');
  });

  it('"fromProfile" fills free-text questions of the form from saved questions of the sign-up profile, and says which name is wrong', async () => {
    const ws = schemaWorkspace();
    ws.editJson('forms.json', (forms) => (forms.contact.fromProfile = { name: 'name', email: 'email' }));
    const result = await ws.generate();
    expect(result.ok, result.lines.join('\n')).toBe(true);
    expect(readFileSync(join(ws.generated, 'forms', 'contact.ts'), 'utf8')).toContain('fromProfile: {"table":"clients","fields":{"name":"name","email":"email"}},');
    expect(readFileSync(join(ws.generated, 'forms', 'assessment.ts'), 'utf8')).toContain('fromProfile: null,');
    // The sign-up form ("ownedByUser") is the profile the account page changes: every question but the address and the password.
    expect(readFileSync(join(ws.generated, 'forms', 'sign-up.ts'), 'utf8')).toMatch(/profile: \{"table":"clients","editable":\["name","company",.*"zip"\]\},/);
    expect(readFileSync(join(ws.generated, 'form-loaders.ts'), 'utf8')).toContain("export const loadProfileForm: (() => Promise<{ default: FormDefinition }>) | null = () => import('./forms/sign-up.ts');");

    const out = await refused((ws) =>
      ws.editJson('forms.json', (forms) => (forms.contact.fromProfile = { nmae: 'name', subject: 'name', email: 'password', message: 'compnay' })),
    );
    expect(out).toContain('(at /contact/fromProfile/nmae): "nmae" is not a question of schemas/contact.schema.json. Did you mean "name"?');
    expect(out).toContain('(at /contact/fromProfile/subject): "subject" is not a free-text question; only those can be filled in from the profile.');
    expect(out).toContain('(at /contact/fromProfile/email): "password" is not a question of the profile (schemas/sign-up.schema.json) that is saved.');
    expect(out).toContain('(at /contact/fromProfile/message): "compnay" is not a question of the profile (schemas/sign-up.schema.json) that is saved. Did you mean "company"?');
  });

  it('a question hidden as the docs say is one staff read as "Not asked" on new answers, and as answered on those sent before', async () => {
    const ws = schemaWorkspace();
    ws.editJson('contact.ui.json', (ui) => (ui.subject = { ...ui.subject, 'ui:widget': 'hidden' }));
    ws.editJson('contact.schema.json', (s) => (s.required = s.required.filter((field: string) => field !== 'subject')));
    writeFileSync(join(ws.schemas, 'contact.replies.json'), JSON.stringify([{ title: 'Thanks', subject: 'Re: {subject}', body: 'Hello {name},\n\nThank you.' }]));
    const result = await ws.generate();
    expect(result.ok, result.lines.join('\n')).toBe(true);
    // A reply that puts it in is said once, as it would read on new submissions.
    expect(result.lines).toContain('  • schemas/contact.replies.json: "Thanks" puts in {subject}, which the form no longer asks: on new submissions nothing is there. Change the reply if it should not read so.');
    expect(result.lines.filter((line) => line.includes('contact.replies.json'))).toHaveLength(1);
    const { notificationForms } = (await import(join(ws.formModel, 'generated', 'notification-forms.ts'))) as { notificationForms: Record<string, NotificationForm> };
    const { answerRows } = (await import(join(ws.formModel, 'answer-rows.ts'))) as typeof AnswerRows;
    const contact = Object.values(notificationForms).find((form) => form.id === 'contact')!;
    const subjectRow = (answers: Record<string, unknown>) => answerRows(contact, answers).find((row) => row.field === 'subject');
    expect(subjectRow({ name: 'Ana', message: 'Hello' })).toMatchObject({ value: 'Not asked', state: 'not asked' });
    expect(subjectRow({ name: 'Ana', subject: 'Feedback' })).toMatchObject({ value: 'Feedback', state: 'answered' });
    // A question left empty is still "Not answered".
    expect(answerRows(contact, { subject: 'Feedback' }).find((row) => row.field === 'message')).toMatchObject({ state: 'not answered' });
  });

  it('"copyToSender" gives the function the copy\'s subject and the page\'s "sent" texts, and needs both the "sent" and a per-address cap', async () => {
    const sent = { title: 'Thank you, your message is on its way', body: 'A consultant will reply within one business day.', again: 'Send another message' };
    const copy = { subject: 'Your message to Keystone Impact Partners' };
    const ws = schemaWorkspace();
    ws.editJson('forms.json', (forms) => ((forms.contact.page.sent = sent), (forms.contact.notification.copyToSender = copy)));
    const result = await ws.generate();
    expect(result.ok, result.lines.join('\n')).toBe(true);
    const layouts = readFileSync(join(ws.formModel, 'generated', 'notification-forms.ts'), 'utf8');
    expect(layouts).toContain('export const siteName = "Keystone Impact Partners";');
    expect(layouts).toContain(`copyToSender: ${JSON.stringify({ ...copy, title: sent.title, body: sent.body })},`);
    // The queue trigger is told which column holds the sender's address.
    expect(readFileSync(join(ws.supabase, 'migrations', ws.migrations().at(-1)!), 'utf8')).toContain(
      "after insert on public.contact_submissions\n  for each row execute function public.queue_form_notification('email');",
    );

    const out = await refused((ws) =>
      ws.editJson('forms.json', (forms) => {
        forms.contact.notification.copyToSender = copy;
        forms.assessment.page.sent = sent;
        forms.assessment.notification.copyToSender = copy;
        delete forms.assessment.limits.perAddressPerHour;
      }),
    );
    expect(out).toContain('(at /contact/notification/copyToSender): the sender\'s copy is headed by the page\'s "sent" title and body: give the form a "page" with "sent".');
    expect(out).toContain('(at /assessment/notification/copyToSender): a copy to the sender needs a cap on submissions from one address: add "limits": { "perAddressPerHour": 5 }');
    const unknown = await refused((ws) => ws.editJson('forms.json', (forms) => (forms.contact.notification.copyToSender = { subjet: 'Hello' })));
    expect(unknown).toContain('"subjet" is not something');
  });

  it('"optIn" gives the function and the page the texts, tells the queue to make a token, and refuses what would let it mail an address over and over', async () => {
    // The newsletter as the real schemas/ declare it, added to the frozen fixture.
    const real = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'schemas', 'forms.json'), 'utf8'));
    const addNewsletter = (ws: SchemaWorkspace) => {
      for (const part of ['schema', 'ui', 'messages']) cpSync(join(import.meta.dirname, '..', '..', 'schemas', `newsletter.${part}.json`), join(ws.schemas, `newsletter.${part}.json`));
      ws.editJson('forms.json', (forms) => (forms.newsletter = structuredClone(real.newsletter)));
    };
    const optIn = real.newsletter.notification.optIn;
    const ws = schemaWorkspace();
    addNewsletter(ws);
    const first = await ws.generate();
    expect(first.ok, first.lines.join('\n')).toBe(true);
    expect(readFileSync(join(ws.supabase, 'migrations', ws.migrations().at(-1)!), 'utf8')).toContain("after insert on public.newsletter_signups\n  for each row execute function public.queue_form_notification('email', 'opt-in');");
    expect(readFileSync(join(ws.formModel, 'generated', 'notification-forms.ts'), 'utf8')).toContain(`optIn: ${JSON.stringify({ ...optIn, page: real.newsletter.page.path })},`);
    // The page gets what it shows, not the email's subject.
    const definition = readFileSync(join(ws.generated, 'forms', 'newsletter.ts'), 'utf8');
    expect(definition).toContain(`"optIn":{"title":${JSON.stringify(optIn.title)}`);
    expect(definition).not.toContain(optIn.subject);
    // Without it, the table queues staff's email alone: no token, no request to confirm.
    ws.editJson('forms.json', (forms) => delete forms.newsletter.notification.optIn);
    const plain = await ws.generate();
    expect(plain.ok, plain.lines.join('\n')).toBe(true);
    expect(readFileSync(join(ws.supabase, 'migrations', ws.migrations().at(-1)!), 'utf8')).toContain('after insert on public.newsletter_signups\n  for each row execute function public.queue_form_notification();');

    const out = await refused((ws) => {
      addNewsletter(ws);
      ws.editJson('forms.json', (forms) => {
        forms.newsletter.notification.copyToSender = { subject: 'Your sign-up' };
        delete forms.newsletter.limits.perAddressPerHour;
      });
    });
    expect(out).toContain('(at /newsletter/notification/optIn): a form that asks to confirm the address sends that email instead of a copy: remove "copyToSender".');
    expect(out).toContain('(at /newsletter/notification/optIn): asking to confirm an address needs a cap on submissions from one address');
    const missing = await refused((ws) => {
      addNewsletter(ws);
      ws.editJson('forms.json', (forms) => delete forms.newsletter.notification.optIn.confirm);
    });
    expect(missing).toContain('needs "confirm"');
  });

  it('"$id" is the name the form has in forms.json, so a form has one identity in the site, the database and the staff inbox', async () => {
    const out = await refused((ws) => ws.editJson('contact.schema.json', (s) => (s.$id = 'contact_form')));
    expect(out).toMatch(/schemas\/contact\.schema\.json:3:\d+ \(at \/\$id\): "\$id" must be "contact", the form's name in schemas\/forms\.json\./);
  });

  it('"*" in ui:order stands for the questions not named, in schema order, wherever it is', async () => {
    const ws = schemaWorkspace();
    ws.editJson('contact.ui.json', (ui) => (ui['ui:order'] = ['email', '*', 'message']));
    const result = await ws.generate();
    expect(result.ok, result.lines.join('\n')).toBe(true);
    const forms = readFileSync(join(ws.formModel, 'generated/notification-forms.ts'), 'utf8');
    expect(forms).toContain('order: ["email","name","subject","message"]');
  });

  it('{limit} may name the number in a limit\'s message, and nowhere else', async () => {
    const ws = schemaWorkspace();
    ws.editJson('contact.messages.json', (m) => (m.fields = { message: { maxLength: { title: 'Too Long', message: 'Keep {title} under {limit} characters.' } } }));
    const ok = await ws.generate();
    expect(ok.ok, ok.lines.join('\n')).toBe(true);
    const out = await refused((w) => w.editJson('contact.messages.json', (m) => (m.required.message = '{title} is needed ({limit}).')));
    expect(out).toMatch(/schemas\/contact\.messages\.json:\d+:\d+ \(at \/required\/message\): uses \{limit\}, but only \{title\}, \{name\}, \{step\} can be filled in here\. \{limit\} \(the number\) is filled in only in maxLength, minLength, minimum and maximum messages\./);
  });

  it('a question turned from text to a number says where, and what would be lost, before anything is written', async () => {
    const ws = schemaWorkspace();
    ws.editJson('contact.schema.json', (s) => {
      s.properties.name.type = 'integer';
      delete s.properties.name.maxLength;
      Object.assign(s.properties.name, { minimum: 0, maximum: 100 });
    });
    const result = await ws.generate();
    expect(result.ok).toBe(false);
    expect(result.lines.join('\n')).toMatch(/✖ schemas\/contact\.schema\.json:\d+:\d+ \(at \/properties\/name\/type\): "Full Name" would change from text to integer/);
  });

  it('a rule for text left on a question that is now a number is pointed at, not reported by the validator at 1:1', async () => {
    const out = await refused((ws) => ws.editJson('contact.schema.json', (s) => (s.properties.name.type = 'integer')));
    expect(out).toMatch(/schemas\/contact\.schema\.json:\d+:\d+ \(at \/properties\/name\/maxLength\): "maxLength" is a rule for text, and "name" is a whole number: remove "maxLength", or use "minimum" and "maximum"\./);
    expect(out).not.toContain('strict mode');
  });

  it('a mistake in a form\'s schema is not reported again as a knock-on mistake in forms.json', async () => {
    const out = await refused((ws) => ws.editText('contact.schema.json', (t) => t.replace('"required":', '"requried":')));
    expect(out).toContain('"requried" is not a JSON Schema keyword');
    expect(out).not.toContain('schemas/forms.json');
  });

  it('an option the question\'s own rules refuse, or with a space at its end, is refused: it could be chosen but never saved', async () => {
    const out = await refused((ws) =>
      ws.editJson('contact.schema.json', (s) => {
        s.properties.subject.maxLength = 12;
        s.properties.subject.oneOf.push({ const: 'Other ', title: 'Other (again)' });
      }),
    );
    expect(out).toMatch(/\(at \/properties\/subject\/oneOf\/2\/const\): option 3 of "subject" breaks the question's own rules \(it must NOT have more than 12 characters\), so it could be chosen but never saved\./);
    expect(out).toMatch(/\(at \/properties\/subject\/oneOf\/7\/const\): option 8 of "subject" starts or ends with a space/);
  });

  it('required naming a field that does not exist', async () => {
    const out = await refused((ws) => ws.editJson('contact.schema.json', (s) => s.required.push('phone')));
    expect(out).toContain('(at /required/4): lists "phone" as required, but there is no such field under "properties".');
  });

  it('an option without a title', async () => {
    const out = await refused((ws) => ws.editJson('assessment.schema.json', (s) => s.properties.timeline.oneOf.push({ const: 'someday' })));
    expect(out).toContain('(at /properties/timeline/oneOf/4): option 5 of "timeline" needs a "title": the label visitors see.');
  });

  it('a step naming a misspelt field, and a field in no step', async () => {
    const out = await refused((ws) => ws.editText('assessment.steps.json', (t) => t.replace('"budget_range"', '"budjet_range"')));
    expect(out).toContain('schemas/assessment.steps.json:4:');
    expect(out).toContain('step 3 lists "budjet_range", but the schema has no such field. Did you mean "budget_range"?');
    expect(out).toContain('"budget_range" is in the schema but in no step');
  });

  it('unknown keys in messages, steps and forms.json', async () => {
    const out = await refused((ws) => {
      ws.editJson('contact.messages.json', (m) => {
        m.feilds = m.fields;
        delete m.fields;
      });
      ws.editJson('assessment.steps.json', (steps) => {
        steps[0].titel = 'x';
      });
      ws.editJson('forms.json', (forms) => {
        forms.contact.tabel = forms.contact.table;
      });
    });
    expect(out).toContain('"feilds" is not something a messages file understands here. Did you mean "fields"?');
    expect(out).toContain('"titel" is not something a steps file understands here. Did you mean "title"?');
    expect(out).toContain('"tabel" is not something schemas/forms.json understands here. Did you mean "table"?');
  });

  it('a page, its toasts, its email subject and its option lists are checked against the schema and site.config.ts', async () => {
    const out = await refused((ws) =>
      ws.editJson('forms.json', (forms) => {
        forms.contact.notification.subject = 'New: {nmae}';
        forms.contact.options = { subjet: 'courses', subject: 'course' };
        delete forms.contact.toasts;
        forms.contact.page = { path: '/talk', title: 'Talk', heading: 'Talk', description: 'Talk to us.', eyebrow: 'Talk', intro: 'Hello.', formTitle: 'Talk', linkedFrom: 'services' };
      }),
    );
    expect(out).toContain('(at /contact/options/subjet): "subjet" is not a question of schemas/contact.schema.json. Did you mean "subject"?');
    expect(out).toContain('(at /contact/options/subject): site.config.ts has no option list "course". Did you mean "courses"?');
    expect(out).toContain('(at /contact/notification/subject): names {nmae}, but schemas/contact.schema.json has no such question. Did you mean "name"?');
    expect(out).toContain('(at /contact/page): say what visitors read after sending: add "toasts"');
    expect(out).toContain('(at /contact/page/linkedFrom): a page is linked from the entries of a list one of its questions offers; no question takes "services" in "options".');
  });

  it('a question that takes its options from site.config.ts may not list its own', async () => {
    const out = await refused((ws) => ws.editJson('forms.json', (forms) => (forms.contact.options = { subject: 'courses' })));
    expect(out).toMatch(/schemas\/contact\.schema\.json:\d+:\d+ \(at \/properties\/subject\/oneOf\): "subject" takes its options from site\.config\.ts/);
  });

  it('a rule the database could not enforce is refused on a saved form', async () => {
    const out = await refused((ws) => ws.editJson('contact.schema.json', (s) => (s.properties.email.format = 'email')));
    expect(out).toContain('"format" cannot be used on a question of a saved form: the database could not enforce it.');
  });

  it('a pattern the database cannot check the same way is refused', async () => {
    const out = await refused((ws) => ws.editJson('contact.schema.json', (s) => (s.properties.name.pattern = '^(?!admin).*$')));
    expect(out).toContain('the pattern of "name" uses a lookahead, which the database cannot check the same way.');
  });

  it('a label that says "(optional)" is refused: the form shows that from "required"', async () => {
    const out = await refused((ws) => ws.editJson('assessment.schema.json', (s) => (s.properties.contact_phone.title = 'Phone (optional)')));
    expect(out).toContain('take "(optional)", "(required)" or "*" out of the title');
  });

  it('a default that breaks its own question is refused', async () => {
    const out = await refused((ws) => ws.editJson('assessment.schema.json', (s) => (s.properties.team_size.default = -1)));
    expect(out).toContain('the default of "team_size" breaks the question\'s own rules');
  });

  it('prints the problems from the command line, never a stack trace', () => {
    const ws = schemaWorkspace();
    ws.editText('sign-in.ui.json', () => '{ "ui:order": ["email" "password"] }');
    const broken = spawnSync(join(root, 'node_modules', '.bin', 'tsx'), ['scripts/generate.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, SCHEMAS_DIR: ws.schemas, GENERATED_DIR: ws.generated, SUPABASE_DIR: ws.supabase, FORM_MODEL_DIR: ws.formModel },
    });
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain('✖ schemas/sign-in.ui.json:1:23: is not valid JSON: a comma is missing here.');
    expect(broken.stderr).not.toMatch(/\n\s+at /);
  }, 30_000);
});

describe('the editor schemas (.vscode/settings.json maps each file of schemas/ to one)', () => {
  const settings = JSON.parse(readFileSync(join(root, '.vscode', 'settings.json'), 'utf8')) as { 'json.schemas': { fileMatch: string[]; url: string }[] };
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validatorFor = (file: string) => {
    const mapping = settings['json.schemas'].find((m) => m.fileMatch.some((glob) => new RegExp(`${glob.replaceAll('.', '\\.').replace('*', '[^/]*')}$`).test(`/schemas/${file}`)));
    expect(mapping, file).toBeDefined();
    return ajv.getSchema(mapping!.url) ?? (ajv.addSchema(JSON.parse(readFileSync(join(root, mapping!.url), 'utf8')), mapping!.url), ajv.getSchema(mapping!.url)!);
  };

  it('accept every file of schemas/ as it stands', () => {
    for (const file of readdirSync(join(root, 'schemas')).filter((f) => f.endsWith('.json'))) {
      const validate = validatorFor(file);
      expect(validate(JSON.parse(readFileSync(join(root, 'schemas', file), 'utf8'))), `${file}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
  });

  it('underline the mistakes a non-developer makes while typing', () => {
    const read = (file: string) => JSON.parse(readFileSync(join(root, 'schemas', file), 'utf8'));
    const refuses = (file: string, edit: (json: any) => void) => { // eslint-disable-line @typescript-eslint/no-explicit-any -- free-form edits
      const json = read(file);
      edit(json);
      return validatorFor(file)(json);
    };
    expect(refuses('forms.json', (f) => (f.contact.notifcation = f.contact.notification))).toBe(false);
    expect(refuses('contact.ui.json', (ui) => (ui.message['ui:widget'] = 'textbox'))).toBe(false);
    expect(refuses('contact.ui.json', (ui) => (ui['ui:ordr'] = ui['ui:order']))).toBe(false);
    expect(refuses('contact.ui.json', (ui) => (ui.name['ui:placholder'] = 'x'))).toBe(false);
    expect(refuses('contact.schema.json', (s) => (s.properties.jobTitle = { type: 'string', title: 'Job title' }))).toBe(false);
    expect(refuses('contact.schema.json', (s) => (s.properties.order = { type: 'string', title: 'Order' }))).toBe(false);
    expect(refuses('contact.schema.json', (s) => (s.required = 'name'))).toBe(false);
    expect(refuses('contact.messages.json', (m) => (m.required.mesage = m.required.message))).toBe(false);
    expect(refuses('assessment.steps.json', (steps) => (steps[0].feilds = steps[0].fields))).toBe(false);
  });
});

describe('generated files', () => {
  it('carry the do-not-edit banner', () => {
    for (const file of ['types.ts', 'forms/contact.ts', 'validators/contact.ts']) {
      expect(readFileSync(join(root, 'src/generated', file), 'utf8')).toMatch(/^\/\/ Generated by `npm run generate` from schemas\/.*Do not edit/);
    }
    // The types of forms.json, messages and steps files come from the shapes the generator checks them with.
    expect(readFileSync(join(root, 'form-model/generated/form-files.ts'), 'utf8')).toMatch(/^\/\/ Generated by `npm run generate` from scripts\/generate\/check\/file-shapes\.ts\. Do not edit/);
  });

  it('--check fails whenever generate would write anything, and writes nothing itself', async () => {
    const ws = schemaWorkspace();
    expect((await ws.generate()).ok).toBe(true);
    expect((await ws.generate({ check: true })).ok).toBe(true);

    writeFileSync(join(ws.generated, 'types.ts'), '// edited by hand\n');
    writeFileSync(join(ws.generated, 'forms', 'old-form.ts'), '');
    const drift = await ws.generate({ check: true });
    expect(drift.ok).toBe(false);
    expect(drift.lines).toContain(`  stale:  ${'generated/types.ts'}`);
    expect(drift.lines).toContain(`  extra:  ${'generated/forms/old-form.ts'}`);
    expect(readFileSync(join(ws.generated, 'types.ts'), 'utf8')).toBe('// edited by hand\n');

    // A snapshot that lacks a migration (a hand-written one added without generate) is drift too.
    expect((await ws.generate()).ok).toBe(true);
    const snapshotFile = join(ws.supabase, 'schema-snapshot.json');
    const snapshot = JSON.parse(readFileSync(snapshotFile, 'utf8'));
    delete snapshot.migrations[Object.keys(snapshot.migrations).at(-1)!];
    writeFileSync(snapshotFile, `${JSON.stringify(snapshot, null, 2)}\n`);
    const stale = await ws.generate({ check: true });
    expect(stale.ok).toBe(false);
    expect(stale.lines).toContain('  stale:  supabase/schema-snapshot.json');
  });

  it('--check fails when a written migration is edited afterwards', async () => {
    const ws = schemaWorkspace();
    const first = ws.migrations()[0]!;
    const file = join(ws.supabase, 'migrations', first);
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n-- sneaky edit\n`);
    const check = await ws.generate({ check: true });
    expect(check.ok).toBe(false);
    expect(check.lines.join('\n')).toContain(`Migrations are append-only`);
    expect(check.lines.join('\n')).toContain(first);
  });
});
