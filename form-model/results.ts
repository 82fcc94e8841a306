/**
 * What a sent form suggests (schemas/<form>.results.json, docs/decisions/041): pages of site.config.ts,
 * chosen by rules on the answers written like the `if` of a conditional question. `npm run generate`
 * checks the rules and resolves each page to its title and summary, so this needs nothing of the site.
 * Self-contained on purpose: it runs in the browser (after sending, on the account page) and in Deno.
 */
import { holds, type Answers, type Condition } from './conditions.ts';

/** A page the results point to, as site.config.ts describes it. */
export interface Suggestion {
  kind: 'Service' | 'Course' | 'Resource';
  title: string;
  summary: string;
  /** An address on the site, or an https address for a course or resource hosted elsewhere. */
  href: string;
}

export interface ResultRule {
  when: Condition;
  because: string;
  suggest: Suggestion[];
}

/** A form's results as generated: its heading, its introduction, its rules and what fits when none holds. */
export interface FormResults {
  title: string;
  intro: string;
  rules: ResultRule[];
  otherwise: { because: string; suggest: Suggestion[] } | null;
}

/** One reason, and the pages it brings. */
export interface Result {
  because: string;
  suggest: Suggestion[];
}

/**
 * What fits these answers: each rule that holds, in the order written, with the pages no earlier rule
 * brought (a page is suggested once, for its first reason); what "otherwise" says when none holds.
 */
export function resultsFor(results: FormResults, answers: Answers): Result[] {
  const seen = new Set<string>();
  const found: Result[] = [];
  for (const rule of results.rules) {
    if (!holds(rule.when, answers)) continue;
    const fresh = rule.suggest.filter((page) => !seen.has(page.href));
    for (const page of fresh) seen.add(page.href);
    if (fresh.length) found.push({ because: rule.because, suggest: fresh });
  }
  if (!found.length && results.otherwise) found.push(results.otherwise);
  return found;
}
