import type { FormStepSource } from '../../form-model/generated/form-files.ts';
import { usableName } from './check/sql-names.ts';

/** A wizard step with the key the funnel counts it by (supabase/migrations/20261127020000_funnel_counts_steps_by_key.sql). */
export type KeyedStep = FormStepSource & { key: string };

/**
 * Every step with its key: its own, or one made from its title ("Project & Goals" -> "project_goals"),
 * unlike every other key of the form. `missing` says whether any was made, so the steps file is written.
 */
export function keyedSteps(steps: FormStepSource[]): { steps: KeyedStep[]; missing: boolean } {
  const taken = new Set(steps.flatMap((step) => (step.key ? [step.key] : [])).concat('sent'));
  const keyed = steps.map((step) => {
    if (step.key) return step as KeyedStep;
    const base = usableName(step.title).slice(0, 40).replace(/_+$/, '');
    let key = base;
    for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
    taken.add(key);
    // The key first, where a reader sees it before the title it was made from.
    return { key, ...step };
  });
  return { steps: keyed, missing: keyed.some((step, i) => step.key !== steps[i]!.key) };
}

const inline = (value: unknown): string => (Array.isArray(value) ? `[${value.map(inline).join(', ')}]` : JSON.stringify(value));

/** A steps file as schemas/ writes them: one step per line. */
export function stepsFileText(steps: KeyedStep[]): string {
  const lines = steps.map((step) => `  { ${Object.entries(step).map(([name, value]) => `${JSON.stringify(name)}: ${inline(value)}`).join(', ')} }`);
  return `[\n${lines.join(',\n')}\n]\n`;
}
