/**
 * What a visitor put into one field of the prerendered page before the form's code took it over: the
 * text of an input or text area, the choice of a select or radio group, the ticks of check boxes.
 * Only what differs from what the page first showed counts, so an untouched field says nothing.
 * `decode` turns an option's value attribute back into the schema's value, as the widget encoded it.
 */
export function readAnswerInPage(id: string, name: string, decode: (raw: string | string[]) => unknown): unknown {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(id);
  if (element instanceof HTMLInputElement && element.type === 'checkbox') {
    return element.checked !== element.defaultChecked ? element.checked : undefined;
  }
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    return element.value !== element.defaultValue ? element.value : undefined;
  }
  if (element instanceof HTMLSelectElement) {
    const shown = [...element.options].find((option) => option.defaultSelected) ?? element.options[0];
    return element.value !== shown?.value ? decode(element.value) : undefined;
  }
  // A group (radio buttons, check boxes): its inputs share the field's name.
  const group = [...document.getElementsByName(name)].filter((input): input is HTMLInputElement => input instanceof HTMLInputElement);
  if (!group.some((input) => input.checked !== input.defaultChecked)) return undefined;
  const chosen = group.filter((input) => input.checked).map((input) => input.value);
  if (group[0]!.type === 'checkbox') return decode(chosen);
  return chosen[0] === undefined ? undefined : decode(chosen[0]);
}

/** Whether the visitor put anything into the fields under `root` before the form's code took them over. */
export function answeredInPage(root: ParentNode | null): boolean {
  if (!root) return false;
  return [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')].some((field) => {
    if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected && option.index > 0);
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return field.checked !== field.defaultChecked;
    return field.type !== 'hidden' && field.value !== field.defaultValue;
  });
}
