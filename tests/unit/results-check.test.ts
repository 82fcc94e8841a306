/**
 * What a sent form suggests (schemas/<form>.results.json, docs/decisions/041): the real file builds, each
 * page resolved from site.config.ts; every mistake a non-developer can make in it is refused at its line
 * with the fix, and nothing is written.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resultsFor, type FormResults } from '../../form-model/results';
import { schemaWorkspace } from '../support/schema-workspace';

const real = readFileSync(join(import.meta.dirname, '..', '..', 'schemas', 'assessment.results.json'), 'utf8');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form edits of a JSON file
async function generateWith(edit: (results: any) => void = () => undefined, withSentPanel = true) {
  const ws = schemaWorkspace();
  const results = JSON.parse(real);
  edit(results);
  ws.editJson('forms.json', (forms) => {
    if (withSentPanel) forms.assessment.page.sent = { title: 'Thank you', body: 'We read every assessment.', again: 'Start another' };
  });
  writeFileSync(join(ws.schemas, 'assessment.results.json'), `${JSON.stringify(results, null, 2)}\n`);
  const result = await ws.generate();
  return { ws, ok: result.ok, out: result.lines.join('\n') };
}

describe('schemas/assessment.results.json', () => {
  it('builds: each rule keeps its test, and each page its title, summary and kind from site.config.ts', async () => {
    const { ws, ok, out } = await generateWith();
    expect(ok, out).toBe(true);
    // In a file of their own, which the form loads only once it is sent.
    expect(readFileSync(join(ws.generated, 'forms', 'assessment.ts'), 'utf8')).toContain("results: () => import('../../../form-model/generated/results/assessment.ts'),");
    const module = readFileSync(join(ws.formModel, 'generated', 'results', 'assessment.ts'), 'utf8');
    const results = JSON.parse(/const results: FormResults = (\{[\s\S]*?\n\});\n/.exec(module)![1]!) as FormResults;
    expect(results.title).toBe('Where we would start');
    expect(results.rules[0]!.when).toEqual({ properties: { ai_experience: { enum: ['none', 'exploring'] } }, required: ['ai_experience'] });
    expect(results.rules[0]!.suggest[0]).toEqual({ kind: 'Course', title: 'AI for Doing Good', summary: expect.any(String), href: '/courses/ai-social-impact' });
    expect(results.rules[0]!.suggest[2]).toMatchObject({ kind: 'Resource', href: 'https://www.nist.gov/itl/ai-risk-management-framework' });
    // The sender's account page reads them through the notified forms.
    expect(readFileSync(join(ws.formModel, 'generated', 'notification-forms.ts'), 'utf8')).toContain("import assessmentResults from './results/assessment.ts';");
  });

  it('takes the rule schemas/README.md shows, word for word', async () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'schemas', 'README.md'), 'utf8');
    const example = JSON.parse(/<!-- results example -->\s*```json\s*([\s\S]*?)```/.exec(readme)![1]!) as unknown;
    const { ok, out } = await generateWith((results) => (results.rules = [example]));
    expect(ok, out).toBe(true);
  });

  const refusals: [string, (results: any) => void, RegExp][] = [ // eslint-disable-line @typescript-eslint/no-explicit-any
    ['an answer the form does not have', (r) => (r.rules[2].when = { properties: { tech_readines: { const: 'beginner' } }, required: ['tech_readines'] }), /assessment\.results\.json:\d+:\d+ \(at [^)]*\): the rule tests "tech_readines", which is not a question of the form\. Did you mean "tech_readiness"\?/],
    ['a value no option has', (r) => (r.rules[2].when.properties.tech_readiness.const = 'begginer'), /assessment\.results\.json:\d+:\d+ \(at [^)]*\): "begginer" is not one of the options of "tech_readiness" .*could never hold\. Did you mean "beginner"\?/],
    ['an option\'s label for its value', (r) => (r.rules[4].when.properties.organization_type.const = 'Nonprofit'), /"Nonprofit" is the label of an option of "organization_type"; a condition tests what is stored: write "nonprofit"\./],
    ['a page site.config.ts does not list', (r) => (r.rules[6].suggest = ['/services/strategic-planing']), /assessment\.results\.json:\d+:\d+ \(at [^)]*\): "\/services\/strategic-planing" is not a service, course or resource of site\.config\.ts\. Did you mean "\/services\/strategic-planning"\?/],
    ['a test without its "required"', (r) => (r.rules[6].when.required = []), /add "timeline" to the "required" of "when": a rule holds only for answers given\./],
    ['a range no number is in', (r) => r.rules.push({ when: { properties: { team_size: { minimum: 50, maximum: 10 } }, required: ['team_size'] }, because: 'Big teams.', suggest: ['/services/leadership-development'] }), /no answer is at least 50 and at most 10, so the rule could never hold\./],
    ['a rule that tests nothing', (r) => (r.rules[6].when = {}), /"when" tests no answer, so the rule would hold for everyone/],
    ['a misspelt key', (r) => (r.rules[6].sugest = r.rules[6].suggest), /assessment\.results\.json:\d+:\d+ \(at [^)]*\): "sugest" is not something a results file understands here\. Did you mean "suggest"\?/],
    ['the same page twice in one rule', (r) => r.rules[6].suggest.push('/services/strategic-planning'), /lists the same entry twice/],
  ];
  for (const [mistake, edit, said] of refusals) {
    it(`refuses ${mistake}, at its line, writing nothing`, async () => {
      const { ok, out } = await generateWith(edit);
      expect(ok, out).toBe(false);
      expect(out).toMatch(said);
      expect(out).toContain('nothing was written');
    });
  }

  it('refuses results for a form with no sent panel to show them', async () => {
    const { ok, out } = await generateWith(undefined, false);
    expect(ok).toBe(false);
    expect(out).toMatch(/assessment\.results\.json:1:1: results are shown once the form is sent from its page: give "assessment" a "page" with "sent"/);
  });
});

describe('resultsFor', () => {
  const page = (href: string) => ({ kind: 'Service' as const, title: href, summary: '', href });
  const results: FormResults = {
    title: 'T',
    intro: 'I',
    rules: [
      { when: { properties: { kind: { const: 'a' } }, required: ['kind'] }, because: 'first', suggest: [page('/x'), page('/y')] },
      { when: { properties: { size: { minimum: 10 } }, required: ['size'] }, because: 'second', suggest: [page('/y'), page('/z')] },
      { when: { properties: { size: { maximum: 2 } }, required: ['size'] }, because: 'only /x', suggest: [page('/x')] },
    ],
    otherwise: { because: 'none held', suggest: [page('/w')] },
  };

  it('gives every rule that holds, in order, each page once for its first reason', () => {
    expect(resultsFor(results, { kind: 'a', size: 12 })).toEqual([
      { because: 'first', suggest: [page('/x'), page('/y')] },
      { because: 'second', suggest: [page('/z')] },
    ]);
  });

  it('leaves out a rule whose pages all came before, and a rule on an answer not given', () => {
    expect(resultsFor(results, { kind: 'a', size: 1 })).toEqual([{ because: 'first', suggest: [page('/x'), page('/y')] }]);
    expect(resultsFor(results, { size: 10 })).toEqual([{ because: 'second', suggest: [page('/y'), page('/z')] }]);
  });

  it('falls back on "otherwise" when no rule holds', () => {
    expect(resultsFor(results, {})).toEqual([{ because: 'none held', suggest: [page('/w')] }]);
    expect(resultsFor({ ...results, otherwise: null }, { kind: 'b' })).toEqual([]);
  });
});
