import type { FormSource } from '../forms.ts';
import { problemAt, type JsonPath, type SchemaProblem } from '../json-source.ts';
import { isObject } from './conditions.ts';
import { didYouMean } from './suggest.ts';
import { FIELD_UI_KEYS, FORM_UI_KEYS, INPUT_TYPES, SUBMIT_BUTTON_KEYS, UI_OPTION_KEYS, WIDGETS_BY_TYPE } from './ui-vocabulary.ts';


/** Every mistake in a form's .ui.json: unknown settings, fields or widgets, each at its line. */
export function checkUi(form: FormSource): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const file = form.ui;
  const problem = (at: JsonPath, sentence: string, target: 'key' | 'value' = 'value') => problems.push(problemAt(file, at, sentence, target));
  const properties = form.schema.json.properties ?? {};
  const fields = Object.keys(properties);
  if (!isObject(file.json)) return [problemAt(file, [], 'must be one {...} of settings.')];

  const checkOptions = (at: JsonPath, options: unknown) => {
    if (!isObject(options)) return problem(at, '"ui:options" must be a {...} of settings, for example { "rows": 4 }.');
    for (const key of Object.keys(options)) {
      if (!UI_OPTION_KEYS.includes(key)) problem([...at, key], `"${key}" is not a setting the form understands in "ui:options".${didYouMean(key, UI_OPTION_KEYS)}`, 'key');
    }
    if ('rows' in options && !(Number.isInteger(options.rows) && (options.rows as number) > 0)) problem([...at, 'rows'], '"rows" must be a whole number above 0.');
  };

  for (const [key, value] of Object.entries(file.json)) {
    if (key.startsWith('ui:')) {
      if (!FORM_UI_KEYS.includes(key)) {
        const hint = FIELD_UI_KEYS.includes(key) ? ' It is a setting of one question: put it inside that question\'s {...}.' : didYouMean(key, FORM_UI_KEYS);
        problem([key], `"${key}" is not a setting of the whole form.${hint}`, 'key');
      }
      continue;
    }
    if (!properties[key]) {
      problem([key], `styles a field "${key}" that the schema does not have.${didYouMean(key, fields)}`, 'key');
      continue;
    }
    if (!isObject(value)) {
      problem([key], `the settings of "${key}" must be a {...}, for example { "ui:widget": "textarea" }.`);
      continue;
    }
    const type = String(properties[key]!.type ?? 'string');
    for (const [setting, v] of Object.entries(value)) {
      const at = [key, setting];
      if (!FIELD_UI_KEYS.includes(setting)) {
        const bare = !setting.startsWith('ui:') && FIELD_UI_KEYS.includes(`ui:${setting}`) ? ` Write it as "ui:${setting}".` : didYouMean(setting, FIELD_UI_KEYS);
        problem(at, `"${setting}" is not a setting the form understands.${bare}`, 'key');
      } else if (setting === 'ui:widget') {
        const allowed = WIDGETS_BY_TYPE[type] ?? [];
        if (typeof v !== 'string' || !allowed.includes(v)) {
          problem(at, `"${String(v)}" is not a widget for a ${type} question.${typeof v === 'string' ? didYouMean(v, allowed) : ''} Use one of: ${allowed.join(', ')}.`);
        } else if ((v === 'radio' || v === 'select') && !properties[key]!.oneOf) {
          problem(at, `"${v}" shows a list of choices, but "${key}" has no "oneOf" options in the schema.`);
        }
      } else if (setting === 'ui:options') checkOptions(at, v);
      else if (setting === 'ui:inputType' && !INPUT_TYPES.includes(String(v))) {
        problem(at, `"${String(v)}" is not an input type.${didYouMean(String(v), INPUT_TYPES)} Use one of: ${INPUT_TYPES.join(', ')}.`);
      } else if (['ui:placeholder', 'ui:title', 'ui:description', 'ui:help', 'ui:autocomplete'].includes(setting) && typeof v !== 'string') {
        problem(at, `"${setting}" must be text in double quotes.`);
      }
    }
  }

  const order = file.json['ui:order'];
  if (order !== undefined && !Array.isArray(order)) problem(['ui:order'], '"ui:order" must be a list of field names.');
  if (Array.isArray(order)) {
    order.forEach((field, i) => {
      if (field !== '*' && !properties[field]) problem(['ui:order', i], `puts "${field}" in the field order, but the schema has no such field.${didYouMean(String(field), fields)}`);
    });
    if (!order.includes('*') && !form.steps) {
      for (const field of fields.filter((f) => !order.includes(f))) {
        problem(['ui:order'], `does not place "${field}", so the form could not show it. Add "${field}" to "ui:order" where it should appear.`);
      }
    }
  }
  const submit = file.json['ui:submitButtonOptions'];
  if (submit !== undefined) {
    if (!isObject(submit)) problem(['ui:submitButtonOptions'], '"ui:submitButtonOptions" must be a {...}, for example { "submitText": "Send" }.');
    else {
      for (const key of Object.keys(submit)) {
        if (!SUBMIT_BUTTON_KEYS.includes(key)) problem(['ui:submitButtonOptions', key], `"${key}" is not a setting of the submit button.${didYouMean(key, SUBMIT_BUTTON_KEYS)}`, 'key');
      }
    }
  }
  if (file.json['ui:busyText'] !== undefined && typeof file.json['ui:busyText'] !== 'string') problem(['ui:busyText'], '"ui:busyText" must be text in double quotes.');
  return problems;
}
