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
  onChange,
}: {
  field: EmbedField;
  value: string | boolean | undefined;
  onChange: (name: string, value: string | boolean) => void;
}) {
  const id = `embed-${field.name}`;
  const helpId = `${id}-help`;
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
  return (
    <div className="embed-field">
      <label htmlFor={id}>{field.label}</label>
      {field.control === 'select' ? (
        <select
          id={id}
          value={text || field.defaultValue}
          aria-describedby={helpId}
          onChange={change}
        >
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
          aria-describedby={helpId}
          onChange={change}
        />
      )}
      {help}
    </div>
  );
}

/** The configurator's form: one control per documented attribute, then the colours. */
export function EmbedForm({
  fields,
  colourFields,
  values,
  colours,
  onValue,
  onColour,
}: {
  fields: readonly EmbedField[];
  colourFields: readonly ColourField[];
  values: AttributeValues;
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
              <Field key={field.name} field={field} value={values[field.name]} onChange={onValue} />
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
