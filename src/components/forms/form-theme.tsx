import { withTheme } from '@rjsf/core';
import { enumOptionValueDecoder, getOptionValueFormat, type WidgetProps } from '@rjsf/utils';
import templates from '@rjsf/mantine/lib/templates/index.js';
import CheckboxesWidget from '@rjsf/mantine/lib/widgets/CheckboxesWidget.js';
import CheckboxWidget from '@rjsf/mantine/lib/widgets/CheckboxWidget.js';
import PasswordWidget from '@rjsf/mantine/lib/widgets/PasswordWidget.js';
import RadioWidget from '@rjsf/mantine/lib/widgets/RadioWidget.js';
import TextareaWidget from '@rjsf/mantine/lib/widgets/TextareaWidget.js';
import { useLayoutEffect, type ComponentType } from 'react';
import { readAnswerInPage } from './answer-in-page';
import NativeSelectWidget from './native-select-widget';

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
      const found = readAnswerInPage(id, htmlName || id, decode);
      if (found !== undefined && JSON.stringify(found) !== JSON.stringify(value ?? options.emptyValue)) onChange(found);
      // Once, on the elements the page had: later changes come through the widget's own events.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return <Widget {...props} value={controlled ? (value ?? '') : value} />;
  };
}

/**
 * Number questions keep what the visitor typed: Mantine's NumberInput would clamp 12 to a maximum of 10
 * when the field loses focus and send 10, so the visitor never reads the form's own message for the limit.
 */
function keepingTypedNumbers(Template: ComponentType<WidgetProps>) {
  return function KeepingTypedNumbers(props: WidgetProps) {
    const number = props.schema.type === 'number' || props.schema.type === 'integer';
    return <Template {...props} options={number ? { ...props.options, clampBehavior: 'none' } : props.options} />;
  };
}

/**
 * RJSF's Mantine theme with the widgets these schemas can ask for. The full theme also pulls in the
 * date, colour, range and file widgets with @mantine/dates and dayjs, which no form here uses.
 * Text, email, tel and number inputs come with the templates; a choice from a list is a native select.
 */
export const ThemedForm = withTheme({
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
