import type { ChangeEvent } from 'react';
import type { ColourField, EmbedField, FieldGroup } from '../../lib/embed-fields.ts';

export type AttributeValues = Record<string, string | boolean>;

const GROUPS: ReadonlyArray<{ group: FieldGroup; legend: string }> = [
  { group: 'connection', legend: 'Assistant' },
  { group: 'appearance', legend: 'Mode and position' },
  { group: 'text', legend: 'Labels and text' },
];

function Field({
  field,
  value,
  error,
  onChange,
}: {
  field: EmbedField;
  value: string | boolean | undefined;
  /** What is wrong with the value, if anything (shown under the field, announced with it). */
  error: string | undefined;
  onChange: (name: string, value: string | boolean) => void;
}) {
  const id = `embed-${field.name}`;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const help = (
    <p className="embed-help" id={helpId}>
      {field.help}
    </p>
  );
  if (field.control === 'checkbox') {
    return (
      <div className="embed-field embed-field-check">
        <input
          id={id}
          type="checkbox"
          checked={value === true}
          aria-describedby={helpId}
          onChange={(event) => onChange(field.name, event.target.checked)}
        />
        <label htmlFor={id}>{field.label}</label>
        {help}
      </div>
    );
  }
  const text = typeof value === 'string' ? value : '';
  const change = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    onChange(field.name, event.target.value);
  const described = error ? `${errorId} ${helpId}` : helpId;
  return (
    <div className="embed-field">
      <label htmlFor={id}>{field.label}</label>
      {field.control === 'select' ? (
        <select
          id={id}
          value={text || (field.emptyLabel === undefined ? field.defaultValue : '')}
          aria-describedby={described}
          onChange={change}
        >
          {field.emptyLabel === undefined ? null : <option value="">{field.emptyLabel}</option>}
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type="text"
          value={text}
          placeholder={field.defaultValue}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={change}
        />
      )}
      {error ? (
        <p className="embed-error" id={errorId}>
          {error}
        </p>
      ) : null}
      {help}
    </div>
  );
}

/** The configurator's form: one control per documented attribute, then the colours. */
export function EmbedForm({
  fields,
  colourFields,
  values,
  errors,
  colours,
  onValue,
  onColour,
}: {
  fields: readonly EmbedField[];
  colourFields: readonly ColourField[];
  values: AttributeValues;
  /** Attribute → what is wrong with its value (see `fieldErrors`). */
  errors: Readonly<Record<string, string>>;
  colours: Record<string, string>;
  onValue: (name: string, value: string | boolean) => void;
  onColour: (property: string, value: string) => void;
}) {
  return (
    <form
      className="embed-form"
      aria-label="Widget settings"
      onSubmit={(event) => event.preventDefault()}
    >
      {GROUPS.map(({ group, legend }) => (
        <fieldset key={group}>
          <legend>{legend}</legend>
          {fields
            .filter((field) => field.group === group)
            .map((field) => (
              <Field
                key={field.name}
                field={field}
                value={values[field.name]}
                error={errors[field.name]}
                onChange={onValue}
              />
            ))}
        </fieldset>
      ))}
      <fieldset>
        <legend>Colours</legend>
        <div className="embed-colours">
          {colourFields.map((colour) => {
            const id = `embed-colour${colour.property}`;
            return (
              <div className="embed-colour" key={colour.property}>
                <input
                  id={id}
                  type="color"
                  value={colours[colour.property] ?? colour.defaultValue}
                  onChange={(event) => onColour(colour.property, event.target.value)}
                />
                <label htmlFor={id}>{colour.label}</label>
              </div>
            );
          })}
        </div>
      </fieldset>
    </form>
  );
}
