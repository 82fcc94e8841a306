/**
 * What a .ui.json file may say: the RJSF uiSchema keys this form engine honours (RJSF's own
 * UIOptionsBaseType, plus the project's ui:busyText), and the widgets it renders with Mantine, by the
 * JSON type of the field (RJSF's widget names for that type, less those with no Mantine widget here).
 */
export const FORM_UI_KEYS = ['ui:order', 'ui:submitButtonOptions', 'ui:busyText', 'ui:title', 'ui:description', 'ui:options'];

export const FIELD_UI_KEYS = [
  'ui:widget',
  'ui:options',
  'ui:placeholder',
  'ui:title',
  'ui:description',
  'ui:help',
  'ui:autofocus',
  'ui:autocomplete',
  'ui:autocapitalize',
  'ui:disabled',
  'ui:readonly',
  'ui:hideError',
  'ui:inputType',
  'ui:emptyValue',
  'ui:enumDisabled',
  'ui:classNames',
];

/** Keys of ui:options: the same settings without the prefix, and what particular widgets take. */
export const UI_OPTION_KEYS = [
  'rows',
  'inline',
  'label',
  'inputType',
  'placeholder',
  'autocomplete',
  'autocapitalize',
  'description',
  'title',
  'help',
  'autofocus',
  'disabled',
  'readonly',
  'hideError',
  'emptyValue',
  'enumDisabled',
  'classNames',
];

export const SUBMIT_BUTTON_KEYS = ['submitText', 'norender', 'props'];

export const WIDGETS_BY_TYPE: Record<string, string[]> = {
  string: ['text', 'textarea', 'select', 'radio', 'password', 'email', 'hidden'],
  number: ['text', 'updown', 'select', 'radio', 'hidden'],
  integer: ['text', 'updown', 'select', 'radio', 'hidden'],
  boolean: ['checkbox', 'radio', 'select', 'hidden'],
  array: ['checkboxes', 'select', 'hidden'],
};

/** Values of ui:inputType the browser knows for a text input. */
export const INPUT_TYPES = ['text', 'email', 'tel', 'url', 'number', 'search', 'password'];
