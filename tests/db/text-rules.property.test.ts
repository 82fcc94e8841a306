/**
 * One meaning of "blank", of length, of the email pattern and of every other rule, for the browser and
 * the database (which guards every API caller; send-form-notification emails only saved rows): generated
 * values (Unicode white space, NUL, emoji, halves of surrogate pairs, values at and around each limit)
 * for every field of every saved form, each judged by both, which must accept and refuse the same ones.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../src/components/forms/form-definition';
import { normalise } from '../../src/components/forms/normalise';
import { findProblems } from '../../src/components/forms/problems';
import { declaredForms, registry } from '../support/declared-forms';
import { sampleAnswers } from '../support/sample-answers';
import { as, ENGINES, freshDatabase, type Db } from './database';
import { stampsOff } from '../support/stamps';

/** Runs per form and engine; each run judges one generated value twice. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);

/** Characters where the two sides could disagree: every kind of white space and what only looks like it. */
const EDGE_CHARACTERS = [
  ' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u1680', '\u2000', '\u200a', '\u200b', '\u2028', '\u2029', '\u202f', '\u205f',
  '\u3000', '\ufeff', '\u180e', '\u0085', '\u0000', '\ud800', '\udc00', '😀', 'é', 'a', 'Z', '0', '@', '.', '-', '_',
  // Invisible and direction-changing characters, which make one address look like another to staff.
  '\u202e', '\u202d', '\u2066', '\u200e', '\u200f', '\u061c', '\u00ad', '\u2060', '\u0007', '\u{e0041}',
  // Blank letters fonts draw as nothing: an answer of only these is no answer.
  '\u3164', '\u2800', '\u115f', '\u1160', '\uffa0', '\u200d',
];

const edgyText = fc.oneof(
  fc.string({ unit: fc.constantFrom(...EDGE_CHARACTERS), maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

/** Wraps a value in white space and other edge characters, as a careless paste would. */
const padded = (value: fc.Arbitrary<string>) =>
  fc.tuple(fc.string({ unit: fc.constantFrom(...EDGE_CHARACTERS), maxLength: 3 }), value, fc.string({ unit: fc.constantFrom(...EDGE_CHARACTERS), maxLength: 3 })).map(([a, v, b]) => a + v + b);

/** Letters of several scripts, and those of one that look like another's: where look-alike addresses come from. */
const SCRIPT_LETTERS = [
  ...'aeocpxyijsdhlqwgnrvbmkz', 'é', 'ǀ', 'ɡ', 'ｇ', 'ı',
  ...'асеорхуѕіјԁһӏԛԝпгъ', ...'тьжзлмнфцчшщэюяй', 'А', 'В', 'К', 'Ж',
  ...'αβγδεοπ', '日', '本', 'の', 'カ', 'ー', '한', '\u3164', 'ש', 'ب', 'क', '0', '9', '-',
];
const part = fc.string({ unit: fc.constantFrom(...SCRIPT_LETTERS), minLength: 1, maxLength: 6 });
const scriptMixedAddress = fc
  .tuple(part, fc.array(part, { minLength: 1, maxLength: 2 }), fc.oneof(part, fc.constantFrom('org', 'рф', 'рус', 'jp', 'ελ')))
  .map(([local, labels, tld]) => `${local}@${[...labels, tld].join('.')}`);

type FieldDef = { type?: string; maxLength?: number; minLength?: number; pattern?: string; oneOf?: { const: unknown }[]; minimum?: number; maximum?: number };

function valuesFor(def: FieldDef): fc.Arbitrary<unknown> {
  // Yes or no: what a box gives (PostgreSQL would also read "yes" as true; no form sends text for one).
  if (def.type === 'boolean') return fc.boolean();
  if (def.type === 'integer' || def.type === 'number') {
    const max = def.maximum ?? 1000;
    return fc.oneof(fc.integer({ min: (def.minimum ?? 0) - 3, max: max + 3 }), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true, min: -10, max: 10 }));
  }
  const options: fc.Arbitrary<string>[] = [edgyText, padded(edgyText)];
  if (def.oneOf) options.push(padded(fc.constantFrom(...def.oneOf.map((o) => String(o.const)))));
  // (a plain address too: a form that asks only for one, the newsletter, must see enough of them accepted)
  if (def.pattern?.includes('@')) options.push(fc.emailAddress(), padded(fc.emailAddress()), fc.tuple(fc.emailAddress(), fc.nat(20), fc.constantFrom(...EDGE_CHARACTERS)).map(([e, i, c]) => e.slice(0, i) + c + e.slice(i)), scriptMixedAddress);
  if (def.pattern && !def.pattern.includes('@')) options.push(padded(fc.stringMatching(new RegExp(def.pattern, 'u'))));
  if (def.maxLength) {
    const n = def.maxLength;
    options.push(padded(fc.string({ unit: fc.constantFrom('a', '😀', 'é', ' '), minLength: Math.max(0, n - 2), maxLength: n + 2 })));
  }
  return fc.oneof(...options);
}

/** How each side is asked: the browser's engine, and an insert as the public API makes it. */
const browserAccepts = (form: FormDefinition, data: Record<string, unknown>) =>
  findProblems(form.schema, form.validators, form.messages, normalise(form.schema, data), Object.keys(form.schema.properties ?? {})).length === 0;

/** Every form whose answers are saved, from schemas/forms.json: a new form is judged too. */
const SAVED_FORMS = declaredForms.filter((f) => f.entry.table).map((f) => ({ name: f.name, form: f.definition, valid: sampleAnswers(f.definition.schema) }));

describe.each(ENGINES)('browser and database agree on every answer (%s)', (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await freshDatabase(engine);
    await stampsOff(db);
  }, 60_000);
  afterAll(() => db.close());

  /** True when the database stores the submission (everything is rolled back afterwards). */
  async function databaseAccepts(name: string, data: Record<string, unknown>): Promise<boolean> {
    const entry = registry[name]! as { table: string; exclude?: string[] };
    // Over HTTP, text travels as UTF-8, which turns a half of a surrogate pair into U+FFFD.
    const wire = (v: unknown) => (typeof v === 'string' ? v.replace(/\p{Cs}/gu, '\uFFFD') : v);
    try {
      if (name === 'sign-up') {
        // A sign-up reaches clients through the auth user's metadata and the profile trigger: the
        // database accepts it when the profile row is made.
        const profile = Object.fromEntries(Object.entries(data).filter(([k]) => !entry.exclude?.includes(k)).map(([k, v]) => [k, wire(v)]));
        await db.exec('begin');
        try {
          const { rows } = await db.query<{ id: string }>('insert into auth.users (id, email, raw_user_meta_data) values (gen_random_uuid(), $1, $2) returning id', [profile.email ?? null, JSON.stringify(profile)]);
          return (await db.query('select 1 from public.clients where user_id = $1', [rows[0]!.id])).rows.length === 1;
        } finally {
          await db.exec('rollback');
        }
      }
      const columns = Object.keys(data).filter((k) => !entry.exclude?.includes(k));
      await as(db, 'anon', null, () =>
        db.query(`insert into public.${entry.table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`, columns.map((c) => wire(data[c]))),
      );
      return true;
    } catch {
      return false;
    }
  }

  it.each(SAVED_FORMS)('$name: every field, every kind of value', async ({ name, form, valid }) => {
    // A field that is not stored (the password) is the auth service's to judge, not the database's.
    const excluded = registry[name]!.exclude ?? [];
    const fields = (Object.entries(form.schema.properties ?? {}) as [string, FieldDef][]).filter(([f]) => !excluded.includes(f));
    const counts = { accepted: 0, refused: 0 };
    const field = fc.constantFrom(...fields).chain(([f, def]) => fc.tuple(fc.constant(f), fc.option(valuesFor(def), { nil: undefined, freq: 8 })));
    await fc.assert(
      fc.asyncProperty(field, async ([f, value]) => {
        const data: Record<string, unknown> = { ...valid, [f]: value };
        if (value === undefined) delete data[f];
        const browser = browserAccepts(form, data);
        const database = await databaseAccepts(name, data);
        expect({ field: f, value, database }).toEqual({ field: f, value, database: browser });
        counts[browser ? 'accepted' : 'refused']++;
      }),
      { numRuns: RUNS },
    );
    // The generated values must exercise both outcomes, or the property proves nothing.
    expect(counts.accepted).toBeGreaterThan(RUNS / 10);
    expect(counts.refused).toBeGreaterThan(RUNS / 10);
  }, 120_000);

  // Addresses that show staff one thing and reply to another: reversed by U+202E, or made to look new by
  // an invisible character. Refused by both sides, in every saved form's email fields.
  const LOOK_ALIKES = [
    'admin\u202emoc.knab@evil.example', 'ana\u200b@example.org', 'ana@example\u200e.org', 'an\u00ada@example.org', 'ana@\u2066example.org', 'ana@example.org\u{e0041}',
    // Letters of another script that pass for Latin ones (decision 037): a Cyrillic с and ӏ, a Greek ο,
    // a whole Cyrillic word that reads "ceo", a fullwidth g, a phonetic ɡ.
    'сeo@exampӏe.org', 'ceo@gοοgle.com', 'сео@example.org', 'ceo@ехаѕ.org', 'ｇmail@example.org', 'ceo@ɡmail.com',
  ];
  /**
   * Addresses no mail server delivers to, each a slip of the keyboard: a dot first, last or twice in the part
   * before @ (RFC 5322 allows those only inside quotes); a dash at either end of a domain's label, an empty
   * label, a top-level domain of digits or a dash (RFC 1035, RFC 3696).
   */
  const UNDELIVERABLE = [
    '..@b.co', '.ana@example.org', 'ana.@example.org', 'an..a@example.org', 'ana@-example.org', 'ana@example-.org', 'ana@example.-',
    'ana@example.org-', 'ana@example..org', 'ana@.example.org', 'ana@example.123', 'ана.@почта.рф', 'ана@-почта.рф', 'ана@почта.-рф',
  ];
  /** What people in other languages write, which must still be accepted. */
  const INTERNATIONAL = ['ana.maria@ex-ample.org', 'a-b@1.2.org', 'x@xn--p1ai.xn--p1ai', 'josé@exemple.fr', 'иван@почта.рф', 'сеть@сеть.рус', 'ос@ор.рф', '用户@例子.广告', 'tanaka太郎@example.jp', 'nguyễn@ví-dụ.vn', 'ΑΘΗΝΑ@παράδειγμα.gr', "o'neil+news@mail.example.co.uk"];
  const emailFields = SAVED_FORMS.flatMap(({ name, form, valid }) =>
    (Object.entries(form.schema.properties ?? {}) as [string, FieldDef][]).filter(([, def]) => def.pattern?.includes('@')).map(([field]) => ({ name, form, valid, field })),
  );
  it.each(emailFields)('$name.$field: refuses addresses with invisible or direction-changing characters, letters passing for another script\'s, or a stray dot or dash, and takes other languages\' addresses', async ({ name, form, valid, field }) => {
    expect(browserAccepts(form, valid)).toBe(true);
    expect(await databaseAccepts(name, valid)).toBe(true);
    for (const address of [...LOOK_ALIKES, ...UNDELIVERABLE]) {
      const data = { ...valid, [field]: address };
      expect({ address, browser: browserAccepts(form, data), database: await databaseAccepts(name, data) }).toEqual({ address, browser: false, database: false });
    }
    for (const address of INTERNATIONAL) {
      const data = { ...valid, [field]: address };
      expect({ address, browser: browserAccepts(form, data), database: await databaseAccepts(name, data) }).toEqual({ address, browser: true, database: true });
    }
  });
});
