import type { RJSFSchema } from '@rjsf/utils';
import type { FormDefinition } from './form-definition';
import type { FormData } from './normalise';
import { readAnswerInPage } from './answer-in-page';
import { checkAnswers, type Problem } from './problems';
import { numberAnswer } from './number-answer';
import { fieldElementId } from './field-element-id';

/**
 * A form's checks run on its prerendered HTML, before the form's code has arrived (decision 027): the
 * same precompiled validator and messages as the form (./problems.ts), on the answers read from the
 * page as the form's widgets read them, so a visitor who presses Send at once sees what is missing
 * without waiting for the form engine. Nothing here imports React or RJSF: this is all a page fetches
 * first. What it shows is attributes only (an element added would break the form's hydration), and
 * it is undone when the form's own code takes over and checks again.
 */

const elementId = (form: FormDefinition, field: string) => fieldElementId(form.id, field);

/**
 * An option's value attribute as the schema's value: RJSF writes a choice's position among the options
 * (`enumOptionValueEncoder`, "indexed"), the options being the schema's `oneOf` constants or `enum` values
 * in order, or Yes and No for a boolean; anything else is text, or a number where the schema asks for one.
 */
function choiceOf(definition: RJSFSchema, raw: string): unknown {
  if (raw === '') return undefined;
  const options = definition.oneOf?.map((option) => (option as RJSFSchema).const) ?? definition.enum ?? (definition.type === 'boolean' ? [true, false] : undefined);
  return options ? options[Number(raw)] : raw;
}
function textOf(definition: RJSFSchema, raw: string): unknown {
  if (raw === '') return undefined;
  return definition.type === 'number' || definition.type === 'integer' ? numberAnswer(raw) : raw;
}

/** The inputs that stand for one question: its own element, or its group of radio buttons (schemas ask no multiple choice). */
function controlsOf(root: ParentNode, id: string): HTMLElement[] {
  const own = root.querySelector<HTMLElement>(`[id="${id}"]:is(input, select, textarea)`);
  return own ? [own] : [...root.querySelectorAll<HTMLInputElement>(`input[name="${id}"]`)];
}

/**
 * One question's answer as it stands in the page, in the form's own terms (undefined: not answered),
 * read as the form's widgets read it when they take over (./answer-in-page.ts).
 */
function answerInPage(id: string, definition: RJSFSchema): unknown {
  const decode = (raw: string | string[]) => (Array.isArray(raw) ? raw.map((one) => choiceOf(definition, one)) : choiceOf(definition, raw));
  const answer = readAnswerInPage(id, id, decode);
  const element = document.getElementById(id);
  const typed = element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && element.type !== 'checkbox' && element.type !== 'radio');
  return typed && typeof answer === 'string' ? textOf(definition, answer) : answer;
}

/**
 * Every problem of the part of the form the page shows, as the form would report them for these
 * answers: a wizard's first step (the only one its HTML holds; `step` for others), else the whole form.
 * The form's conditions apply as in the form; a question they now ask that the page does not hold yet
 * (it appears when the form's code arrives) is left to the form's own check.
 */
export function problemsInPage(form: FormDefinition, step = 0): Problem[] {
  const shown = form.steps?.[step];
  const data: FormData = {};
  for (const field of shown?.fields ?? Object.keys(form.schema.properties ?? {})) {
    const value = answerInPage(elementId(form, field), form.schema.properties![field] as RJSFSchema);
    if (value !== undefined) data[field] = value;
  }
  return checkAnswers(form, shown, data).filter((problem) => controlsOf(document, elementId(form, problem.field)).length > 0);
}

const MARKED = 'data-early-invalid';

/** The input a visitor is moved to for a problem with `field`, as the form moves them when Send finds problems. */
export const firstControlOf = (root: ParentNode, form: FormDefinition, field: string): HTMLElement | null => controlsOf(root, elementId(form, field))[0] ?? null;

/**
 * Shows `problems` on the page's fields: each field's inputs invalid (Mantine's error look), its message
 * under it (styles.css, `[data-early-problem]`) and read with it. Fields not listed are cleared.
 */
export function showProblemsInPage(root: ParentNode, form: FormDefinition, problems: Problem[]) {
  clearProblemsInPage(root);
  for (const problem of problems) {
    const controls = controlsOf(root, elementId(form, problem.field));
    for (const control of controls) {
      // Mantine marks an input and the box around it (Input.mjs): its stylesheet draws both in the error colour.
      for (const element of [control, control.closest('.mantine-Input-wrapper')]) {
        element?.setAttribute(MARKED, '');
        element?.setAttribute('data-error', 'true');
      }
      control.setAttribute('aria-invalid', 'true');
      control.setAttribute('aria-description', problem.toast.message);
    }
    controls[0]?.closest('.rjsf-field')?.setAttribute('data-early-problem', problem.toast.message);
  }
}

/** Takes every mark of showProblemsInPage away: the page is again exactly as its HTML came. */
export function clearProblemsInPage(root: ParentNode) {
  for (const control of root.querySelectorAll(`[${MARKED}]`)) {
    for (const attribute of [MARKED, 'aria-invalid', 'data-error', 'aria-description']) control.removeAttribute(attribute);
  }
  for (const field of root.querySelectorAll('[data-early-problem]')) field.removeAttribute('data-early-problem');
}
