/** react-final-form fields with a label, the input, and its validation or server message. */
import type { ReactNode } from 'react';
import { Field, type FieldMetaState } from 'react-final-form';
import { FieldError, FieldRow, Hint, Input, Label, Required, Select, SelectOptions, Textarea } from './ui';

/** A field's message once touched, or the server's until the field is edited again. */
export function errorOf(meta: FieldMetaState<unknown>): string | undefined {
  if (meta.touched && meta.error) return String(meta.error);
  if (meta.submitError && !meta.dirtySinceLastSubmit) return String(meta.submitError);
  return undefined;
}

const idOf = (name: string) => `field-${name.replace(/\W/g, '-')}`;

/** What every control gets: its id, and its message or hint as the accessible description. */
function controlProps(inputId: string, error: string | undefined, hint: ReactNode) {
  return {
    id: inputId,
    'aria-invalid': Boolean(error),
    'aria-describedby': error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined,
    $invalid: Boolean(error),
  };
}

/** The label above, the control, then the message (or the hint when there is none). */
function FieldShell(props: { inputId: string; label: string; required?: boolean; error?: string; hint?: ReactNode; children: ReactNode }) {
  const { inputId, label, required, error, hint, children } = props;
  return (
    <FieldRow>
      <Label htmlFor={inputId}>
        {label}
        {required && <Required />}
      </Label>
      {children}
      {error ? <FieldError id={`${inputId}-error`}>{error}</FieldError> : hint ? <Hint id={`${inputId}-hint`}>{hint}</Hint> : null}
    </FieldRow>
  );
}

interface TextFieldProps {
  name: string;
  label: string;
  type?: string;
  required?: boolean;
  placeholder?: string;
  autoComplete?: string;
  hint?: ReactNode;
  /** The field's check: its message, or undefined when the value passes (a promise of either while the check loads). */
  validate?: (value: unknown) => string | undefined | Promise<string | undefined>;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email';
  /** The id of a datalist of suggestions (PlaceSuggestions). */
  list?: string;
  step?: string;
  min?: string;
}

export function TextField({ name, label, type = 'text', required, hint, validate, ...rest }: TextFieldProps) {
  const inputId = idOf(name);
  return (
    <Field name={name} validate={validate}>
      {({ input, meta }) => {
        const error = errorOf(meta);
        return (
          <FieldShell inputId={inputId} label={label} required={required} error={error} hint={hint}>
            <Input {...input} {...rest} {...controlProps(inputId, error, hint)} type={type} required={required} />
          </FieldShell>
        );
      }}
    </Field>
  );
}

export function TextAreaField({
  name,
  label,
  rows = 5,
  required,
  placeholder,
}: {
  name: string;
  label: string;
  rows?: number;
  required?: boolean;
  placeholder?: string;
}) {
  const inputId = idOf(name);
  return (
    <Field name={name}>
      {({ input, meta }) => {
        const error = errorOf(meta);
        return (
          <FieldShell inputId={inputId} label={label} required={required} error={error}>
            <Textarea {...input} {...controlProps(inputId, error, undefined)} rows={rows} placeholder={placeholder} required={required} />
          </FieldShell>
        );
      }}
    </Field>
  );
}

export function SelectField({
  name,
  label,
  options,
  required,
  placeholder,
  onChange,
}: {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  placeholder?: string;
  onChange?: (value: string) => void;
}) {
  const inputId = idOf(name);
  return (
    <Field name={name}>
      {({ input, meta }) => {
        const error = errorOf(meta);
        const value = String(input.value ?? '');
        // A stored value the form no longer offers (older data) stays selectable instead of being lost.
        const shown = value && !options.some((option) => option.value === value) ? [...options, { value, label: value }] : options;
        return (
          <FieldShell inputId={inputId} label={label} required={required} error={error}>
            <Select
              {...input}
              {...controlProps(inputId, error, undefined)}
              required={required}
              onChange={(event) => {
                input.onChange(event);
                onChange?.(event.target.value);
              }}
            >
              {placeholder !== undefined && <option value="">{placeholder}</option>}
              <SelectOptions options={shown} />
            </Select>
          </FieldShell>
        );
      }}
    </Field>
  );
}
