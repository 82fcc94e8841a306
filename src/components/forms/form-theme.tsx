import { withTheme } from '@rjsf/core';
import type { WidgetProps } from '@rjsf/utils';
import templates from '@rjsf/mantine/lib/templates/index.js';
import CheckboxesWidget from '@rjsf/mantine/lib/widgets/CheckboxesWidget.js';
import CheckboxWidget from '@rjsf/mantine/lib/widgets/CheckboxWidget.js';
import PasswordWidget from '@rjsf/mantine/lib/widgets/PasswordWidget.js';
import RadioWidget from '@rjsf/mantine/lib/widgets/RadioWidget.js';
import SelectWidget from '@rjsf/mantine/lib/widgets/SelectWidget.js';
import TextareaWidget from '@rjsf/mantine/lib/widgets/TextareaWidget.js';
import type { ComponentType } from 'react';

/** An empty field gets '' rather than undefined, so inputs stay controlled when a draft fills them in. */
function controlled(Widget: ComponentType<WidgetProps>) {
  return function ControlledWidget(props: WidgetProps) {
    return <Widget {...props} value={props.value ?? ''} />;
  };
}

/**
 * RJSF's Mantine theme with the widgets these schemas can ask for. The full theme also pulls in the
 * date, colour, range and file widgets with @mantine/dates and dayjs, which no form here uses.
 * Text, email, tel and number inputs come with the templates.
 */
export const ThemedForm = withTheme({
  templates: { ...templates, BaseInputTemplate: controlled(templates.BaseInputTemplate as ComponentType<WidgetProps>) },
  widgets: {
    CheckboxesWidget,
    CheckboxWidget,
    PasswordWidget: controlled(PasswordWidget),
    RadioWidget,
    SelectWidget,
    TextareaWidget: controlled(TextareaWidget),
  },
});
