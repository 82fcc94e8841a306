import { NativeSelect } from '@mantine/core';
import {
  ariaDescribedByIds,
  enumOptionSelectedValue,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  getOptionValueFormat,
  labelValue,
  type WidgetProps,
} from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import classes from './native-select-widget.module.css';

/**
 * A choice from a list as the browser's own <select> (Mantine's NativeSelect): it opens and keeps the
 * visitor's choice from the prerendered HTML, before the form's code has arrived, and uses the phone's
 * own picker. Values are encoded as RJSF's other choice widgets encode them.
 */
export default function NativeSelectWidget(props: WidgetProps) {
  const { id, name, htmlName, value, placeholder, required, disabled, readonly, autofocus, label, hideLabel, rawErrors, options, onChange, onBlur, onFocus } = props;
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  const format = getOptionValueFormat(options);
  const decode = (event: ChangeEvent<HTMLSelectElement>) => enumOptionValueDecoder(event.target.value, enumOptions, format, emptyValue);
  // Each option carries the schema's value too (data-choice), so the page's loader can make the choice an
  // address names before the form's code arrives (src/loader/address-choices.ts).
  const choices = (
    <>
      {/* Nothing is chosen until the visitor chooses: a required question cannot default to its first option. */}
      <option value="" disabled={Boolean(required)}>
        {placeholder || 'Choose…'}
      </option>
      {enumOptions.map((option, index) => (
        <option
          key={index}
          value={String(enumOptionValueEncoder(option.value, index, format))}
          data-choice={typeof option.value === 'string' || typeof option.value === 'number' ? String(option.value) : undefined}
          disabled={Array.isArray(enumDisabled) && enumDisabled.includes(option.value)}
        >
          {option.label}
        </option>
      ))}
    </>
  );
  return (
    <NativeSelect
      id={id}
      name={htmlName || id}
      label={labelValue(label || undefined, hideLabel, false)}
      data-question={name}
      classNames={{ input: classes.input }}
      value={String(enumOptionSelectedValue(value, enumOptions, false, format, '') ?? '')}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      error={rawErrors && rawErrors.length > 0 ? rawErrors.join('\n') : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => onChange(decode(event))}
      onBlur={(event) => onBlur(id, decode(event))}
      onFocus={(event) => onFocus(id, decode(event))}
    >
      {choices}
    </NativeSelect>
  );
}
