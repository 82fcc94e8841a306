import { getDefaultRegistry, withTheme } from '@rjsf/core';
import { enumOptionValueDecoder, getOptionValueFormat, type WidgetProps } from '@rjsf/utils';
import templates from '@rjsf/mantine/lib/templates/index.js';
import CheckboxesWidget from '@rjsf/mantine/lib/widgets/CheckboxesWidget.js';
import CheckboxWidget from '@rjsf/mantine/lib/widgets/CheckboxWidget.js';
import PasswordWidget from '@rjsf/mantine/lib/widgets/PasswordWidget.js';
import RadioWidget from '@rjsf/mantine/lib/widgets/RadioWidget.js';
import TextareaWidget from '@rjsf/mantine/lib/widgets/TextareaWidget.js';
import { useLayoutEffect, useState, type ComponentType } from 'react';
import { readAnswerInPage } from './answer-in-page';
import NativeSelectWidget from './native-select-widget';
import { numberAnswer } from './number-answer';

/**
 * A widget that, when its code takes over a field of the prerendered page, first takes what the visitor
 * already typed or chose there (docs/decisions/020): the field's state starts from the page, so a word
 * typed before the form's code arrived is kept, not wiped by the first render. An empty field gets ''
 * rather than undefined, so inputs stay controlled when a draft fills them in.
 */
function takingOverThePage(Widget: ComponentType<WidgetProps>, controlled = true) {
  return function TakingOver(props: WidgetProps) {
    const { id, htmlName, options, value, onChange } = props;
    useLayoutEffect(() => {
      const decode = (raw: string | string[]) => enumOptionValueDecoder(raw, options.enumOptions, getOptionValueFormat(options), options.emptyValue);
      const read = readAnswerInPage(id, htmlName || id, decode);
      const found = typeof read === 'string' && (props.schema.type === 'number' || props.schema.type === 'integer') ? numberAnswer(read) : read;
      if (found !== undefined && JSON.stringify(found) !== JSON.stringify(value ?? options.emptyValue)) onChange(found);
      // Once, on the elements the page had: later changes come through the widget's own events.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return <Widget {...props} value={controlled ? (value ?? '') : value} />;
  };
}

/**
 * Number questions keep what the visitor typed, character for character: Mantine's NumberInput would
 * clamp 12 to a maximum of 10 on blur, and drop what it does not read as a number ("1e3" became 13).
 * The box is a text input with a numeric keyboard; the answer is the number typed, or the text itself
 * when it is not one (./number-answer.ts), which the form's check then explains.
 */
function keepingTypedNumbers(Template: ComponentType<WidgetProps>) {
  return function KeepingTypedNumbers(props: WidgetProps) {
    const { value, onChange, schema } = props;
    const number = schema.type === 'number' || schema.type === 'integer';
    const [text, setText] = useState(value === undefined || value === null ? '' : String(value));
    // An answer set from outside (a draft restored, the form reset) replaces the text; the box's own stays as typed.
    const shown = numberAnswer(text) === (value ?? undefined) ? text : value === undefined || value === null ? '' : String(value);
    if (!number) return <Template {...props} />;
    return (
      <Template
        {...props}
        schema={{ ...schema, type: 'string' }}
        value={shown}
        options={{ ...props.options, inputMode: schema.type === 'integer' ? 'numeric' : 'decimal' }}
        onChangeOverride={(raw: string | undefined) => {
          setText(raw ?? '');
          onChange(numberAnswer(raw ?? ''));
        }}
      />
    );
  };
}

/**
 * RJSF's Mantine theme with the widgets these schemas can ask for. The full theme also pulls in the
 * date, colour, range and file widgets with @mantine/dates and dayjs, which no form here uses.
 * Text, email, tel and number inputs come with the templates; a choice from a list is a native select.
 */
export const ThemedForm = withTheme({
  // A number question is read by its widget (keepingTypedNumbers), not converted by RJSF's NumberField,
  // which reads "1e3" as 1000.
  fields: { NumberField: getDefaultRegistry().fields.StringField! },
  templates: { ...templates, BaseInputTemplate: takingOverThePage(keepingTypedNumbers(templates.BaseInputTemplate as ComponentType<WidgetProps>)) },
  widgets: {
    CheckboxesWidget: takingOverThePage(CheckboxesWidget, false),
    CheckboxWidget: takingOverThePage(CheckboxWidget, false),
    PasswordWidget: takingOverThePage(PasswordWidget),
    RadioWidget: takingOverThePage(RadioWidget, false),
    SelectWidget: takingOverThePage(NativeSelectWidget, false),
    TextareaWidget: takingOverThePage(TextareaWidget),
  },
});
