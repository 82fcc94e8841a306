import { Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { answeredInPage } from './answer-in-page';
import type { FormDefinition } from './form-definition';
import { useHoneypot } from './honeypot';
import { normalise, type FormData } from './normalise';
import { usePrefillInto } from './prefill';
import { SchemaForm } from './schema-form';
import { SubmitButton } from './submit-button';
import { useDraft } from './use-draft';
import { useSubmission, type SubmitHandler } from './use-submission';

interface WizardState {
  step: number;
  data: FormData;
}

interface FormWizardProps<T> {
  form: FormDefinition & { steps: NonNullable<FormDefinition['steps']> };
  /** Receives the whole form's data, every step checked; T is the generated type of the schema. */
  onSubmit: SubmitHandler<T>;
  /** localStorage key for the visitor's draft; no draft when absent. */
  draftKey?: string;
  /** Answers chosen for the visitor (from the address), applied over the draft. */
  prefill?: FormData | null;
  /**
   * Told once per visit of each step the visitor reaches (1-based; steps + 1 once sent) and the whole
   * seconds they spent on the step they came from (null for the first step reached): the form's funnel.
   */
  onStep?: (step: number, secondsOnPrevious: number | null) => void;
}

const EMPTY: WizardState = { step: 0, data: {} };
const isBlank = (state: WizardState) => state.step === 0 && Object.keys(state.data).length === 0;

/**
 * A multi-step form from one schema and its steps file: Next checks only the current step, Previous
 * never checks, Submit checks the last step and sends everything. Focus moves to each new step's heading.
 */
export function FormWizard<T>({ form, onSubmit, draftKey, prefill, onStep }: FormWizardProps<T>) {
  const [state, setState] = useState<WizardState>(EMPTY);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // What the visitor typed into step 1 before the form's code arrived wins over an older draft, and keeps
  // them on step 1, where they are typing; with nothing typed, the draft resumes at its step.
  const root = useRef<HTMLDivElement>(null);
  const restore = useCallback((saved: WizardState) => {
    const typed = answeredInPage(root.current);
    setState((current) => ({ step: typed ? current.step : saved.step, data: { ...saved.data, ...current.data } }));
  }, []);
  useDraft(draftKey, state, restore, isBlank);
  usePrefillInto(prefill, (answers) => setState((current) => ({ ...current, data: { ...current.data, ...answers } })));
  // Back to an empty step 1, which also drops the draft.
  const honeypot = useHoneypot();
  const steps = form.steps;
  const reached = useStepsReached(onStep);
  const { busy, submit } = useSubmission(
    onSubmit,
    () => {
      reached(steps.length);
      goTo(0, {});
    },
    honeypot.isBot,
  );

  const index = Math.min(state.step, steps.length - 1);
  useEffect(() => reached(index), [index, reached]);
  const step = steps[index]!;
  const isLast = index === steps.length - 1;
  const percent = Math.round(((index + 1) / steps.length) * 100);

  function goTo(next: number, data: FormData) {
    setState({ step: next, data });
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  const stepData = Object.fromEntries(Object.entries(state.data).filter(([field]) => step.fields.includes(field)));

  return (
    <Stack gap="lg" ref={root}>
      <Stack gap={6}>
        <Progress value={percent} size="md" aria-label={`Step ${index + 1} of ${steps.length}`} />
        <Text size="sm" c="dimmed" fw={600}>
          Step {index + 1} of {steps.length}
        </Text>
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {step.title}
        </Title>
      </Stack>
      <SchemaForm
        key={step.title}
        form={form}
        step={step}
        formData={stepData}
        onChange={(data) => setState((current) => ({ ...current, data: { ...current.data, ...data } }))}
        disabled={busy}
        onValid={(valid) => {
          const data = { ...state.data, ...valid };
          // The whole form, normalised again: fields of steps restored from a draft get their defaults too.
          if (isLast) void submit(normalise(form.schema, data) as T);
          else goTo(index + 1, data);
        }}
      >
        {honeypot.field}
        <Group justify="space-between" mt="xl">
          <Button type="button" variant="default" disabled={index === 0 || busy} onClick={() => goTo(index - 1, state.data)}>
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
 * Says each step (0-based index; the number of steps once sent) the first time this visit reaches it,
 * with the seconds since the step it came from was shown. Going back counts nothing.
 */
function useStepsReached(onStep: FormWizardProps<unknown>['onStep']) {
  const counted = useRef(new Set<number>());
  const shownAt = useRef<number | null>(null);
  return useCallback(
    (index: number) => {
      const now = performance.now();
      const since = shownAt.current === null ? null : Math.round((now - shownAt.current) / 1000);
      shownAt.current = now;
      if (!onStep || counted.current.has(index)) return;
      counted.current.add(index);
      onStep(index + 1, since);
    },
    [onStep],
  );
}
