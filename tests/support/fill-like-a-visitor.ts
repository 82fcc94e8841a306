import type { FormDefinition } from '../../src/components/forms/form-definition';
import { optionLabel } from './sample-answers';

type Field = { oneOf?: unknown[] };

/** Fills fields of a prerendered form the way a visitor's typing and tapping does, with no React event: the DOM alone changes. */
export function fillLikeAVisitor(container: HTMLElement, form: FormDefinition, answers: Record<string, unknown>, fields: string[]) {
  for (const field of fields) {
    const value = answers[field];
    if (value === undefined) continue;
    const element = container.querySelector<HTMLElement>(`#${form.id}_${field}`);
    if (element instanceof HTMLInputElement && element.type === 'checkbox') {
      element.checked = value === true;
    } else if ((form.schema.properties![field] as Field).oneOf) {
      const label = optionLabel(form.schema, field, value);
      if (element instanceof HTMLSelectElement) {
        element.value = [...element.options].find((option) => option.text === label)!.value;
      } else {
        const radio = [...container.querySelectorAll<HTMLInputElement>(`input[name="${form.id}_${field}"]`)].find((input) => input.labels?.[0]?.textContent === label);
        radio!.checked = true;
      }
    } else {
      (element as HTMLInputElement | HTMLTextAreaElement).value = String(value);
    }
  }
}
