import { Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { answeredInPage } from './answer-in-page';
import type { FormDefinition } from './form-definition';
import { useHoneypot } from './honeypot';
import type { FormData } from './normalise';
import { askedFor, checkAnswers } from './problems';
import { showToast } from '../toast';
import { usePrefillInto, withProfile } from './prefill';
import { SchemaForm } from './schema-form';
import { SubmitButton } from './submit-button';
import { useDraft, type DraftStore } from './use-draft';
import { useSubmission, type SubmitHandler } from './use-submission';

export interface WizardState {
  step: number;
  data: FormData;
}

interface FormWizardProps<T> {
  form: FormDefinition & { steps: NonNullable<FormDefinition['steps']> };
  /** Receives the whole form's data, every step checked; T is the generated type of the schema. */
  onSubmit: SubmitHandler<T>;
  /** localStorage key for the visitor's draft; no draft when absent. */
  draftKey?: string;
  /** A signed-in member's account, where the draft is kept too, to resume on another device. */
  draftStore?: DraftStore<WizardState> | null;
  /** Answers chosen for the visitor (from the address), applied over the draft. */
  prefill?: FormData | null;
  /** Answers from a signed-in member's profile, shown in questions that hold nothing of theirs (withProfile). */
  profile?: FormData | null;
  /**
   * Told once per visit of each step the visitor reaches (its key; "sent" once sent), the whole seconds
   * they spent on the step they came from and its key (null for the first step reached): the form's funnel.
   */
  onStep?: (step: string, secondsOnPrevious: number | null, from: string | null) => void;
}

const EMPTY: WizardState = { step: 0, data: {} };
const isBlank = (state: WizardState) => state.step === 0 && Object.keys(state.data).length === 0;

/**
 * A multi-step form from one schema and its steps file: Next checks only the current step, Previous
 * never checks, Submit checks the last step and sends everything. Focus moves to each new step's heading.
 * A step none of whose questions the answers so far ask is passed over both ways (form-model/conditions.ts).
 */
export function FormWizard<T>({ form, onSubmit, draftKey, draftStore, prefill, profile, onStep }: FormWizardProps<T>) {
  const [state, setState] = useState<WizardState>(EMPTY);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // What the visitor typed into step 1 before the form's code arrived wins over an older draft, and keeps
  // them on step 1, where they are typing; with nothing typed, the draft resumes at its step.
  const root = useRef<HTMLDivElement>(null);
  const steps = form.steps;
  const reached = useStepsReached(onStep);
  const restore = useCallback(
    (saved: WizardState) => {
      const typed = answeredInPage(root.current);
      const step = typed ? 0 : Math.min(saved.step, steps.length - 1);
      // A visit that resumes a draft began in an earlier one, which counted its steps up to here: a reload
      // is neither a new start nor a stay of no seconds on the step it resumes (decision 031).
      reached.resume(steps.slice(0, step + 1).map((s) => s.key));
      setState((current) => ({ step: typed ? current.step : saved.step, data: { ...saved.data, ...current.data } }));
    },
    [reached, steps],
  );
  // The account's draft, newer than this browser's (from another device): its answers win, and its step.
  // Its fields are drawn anew (a new key), so none keeps a value the browser put back on a reload.
  const [adopted, setAdopted] = useState(0);
  const adopt = useCallback(
    (saved: WizardState | null) => {
      setAdopted((n) => n + 1);
      if (!saved) return setState(EMPTY);
      const step = Math.min(saved.step, steps.length - 1);
      reached.resume(steps.slice(0, step + 1).map((s) => s.key));
      setState((current) => ({ step, data: { ...current.data, ...saved.data } }));
    },
    [reached, steps],
  );
  useDraft(draftKey, state, restore, isBlank, draftStore, adopt);
  usePrefillInto(prefill, (answers) => setState((current) => ({ ...current, data: { ...current.data, ...answers } })));
  // Back to an empty step 1, which also drops the draft.
  const honeypot = useHoneypot();
  const { busy, submit } = useSubmission(
    onSubmit,
    () => {
      reached.reach('sent');
      goTo(0, {});
    },
    honeypot.isBot,
  );

  // A step whose questions the conditions all leave out is skipped, and not counted in the progress.
  const index = Math.min(state.step, steps.length - 1);
  const data = withProfile(profile, state.data);
  const { notAsked } = askedFor(form, data);
  const shown = steps.map((s, i) => (i === index || s.fields.some((field) => !notAsked.has(field)) ? i : -1)).filter((i) => i >= 0);
  const step = steps[index]!;
  useEffect(() => reached.reach(step.key), [step.key, reached]);
  const position = shown.indexOf(index);
  const next = shown[position + 1];
  const previous = shown[position - 1];
  const isLast = next === undefined;
  const percent = Math.round(((position + 1) / shown.length) * 100);

  function goTo(next: number, data: FormData) {
    setState({ step: next, data });
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  return (
    <Stack gap="lg" ref={root}>
      <Stack gap={6}>
        <Progress value={percent} size="md" aria-label={`Step ${position + 1} of ${shown.length}`} />
        <Text size="sm" c="dimmed" fw={600}>
          Step {position + 1} of {shown.length}
        </Text>
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {step.title}
        </Title>
      </Stack>
      <SchemaForm
        key={`${step.title}:${adopted}`}
        form={form}
        step={step}
        formData={data}
        onChange={(changed) => setState((current) => ({ ...current, data: changed }))}
        disabled={busy}
        onValid={(valid) => {
          if (!isLast) return goTo(next, state.data);
          // Every shown step once more before sending (a draft may be older than a rule): the first step
          // with a problem opens, and its problem is said, as its own Next would.
          for (const i of shown) {
            const first = checkAnswers(form, steps[i], valid)[0];
            if (!first) continue;
            void showToast({ title: first.toast.title, description: first.toast.message, variant: 'destructive' });
            return goTo(i, state.data);
          }
          // The whole form, normalised: fields of steps restored from a draft get their defaults too.
          void submit(valid as T);
        }}
      >
        {honeypot.field}
        <Group justify="space-between" mt="xl">
          <Button type="button" variant="default" disabled={previous === undefined || busy} onClick={() => goTo(previous ?? 0, state.data)}>
            Previous
          </Button>
          {isLast ? (
            <SubmitButton uiSchema={form.uiSchema} busy={busy} />
          ) : (
            <Button type="submit">Next</Button>
          )}
        </Group>
      </SchemaForm>
    </Stack>
  );
}

/**
 * Says each step (its key; "sent" once sent) the first time this visit reaches it, with the seconds
 * since the step it came from was shown, and that step. Going back counts nothing.
 */
function useStepsReached(onStep: FormWizardProps<unknown>['onStep']) {
  const counted = useRef(new Set<string>());
  const shown = useRef<{ key: string; at: number } | null>(null);
  return useMemo(
    () => ({
      reach(key: string) {
        const now = performance.now();
        const from = shown.current;
        if (from?.key === key) return;
        shown.current = { key, at: now };
        if (!onStep || counted.current.has(key)) return;
        counted.current.add(key);
        onStep(key, from === null ? null : Math.round((now - from.at) / 1000), from?.key ?? null);
      },
      /** A resumed draft: these steps count as reached already, and the last one is shown from now. */
      resume(keys: string[]) {
        for (const key of keys) counted.current.add(key);
        shown.current = { key: keys.at(-1)!, at: performance.now() };
      },
    }),
    [onStep],
  );
}
