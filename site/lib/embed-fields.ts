import { ATTRIBUTES } from '../../widget/element/attributes.ts';
import { ATTRIBUTE_DOCS, CSS_PROPERTY_DOCS } from '../../widget/element/element-docs.ts';
import { LANGUAGES } from '../../widget/element/i18n/languages.ts';

/**
 * The embed configurator's form, derived from the element's documented attributes: an attribute
 * added to the element (and so to its docs) appears here without touching the page. A few
 * attributes have friendlier labels; the rest are named from the attribute itself.
 */

export type FieldGroup = 'connection' | 'appearance' | 'text';

export interface EmbedField {
  /** The attribute name. */
  name: string;
  label: string;
  help: string;
  control: 'text' | 'checkbox' | 'select';
  /** The choices of a `select`. */
  options: readonly string[];
  /** The label of the select's first, empty choice (the attribute left out), if it has one. */
  emptyLabel: string | undefined;
  group: FieldGroup;
  /** The documented default (what the element does when the attribute is absent). */
  defaultValue: string | undefined;
}

/** Attributes for advanced integrations, left out of the configurator. */
const ADVANCED = new Set(['squad-id', 'workflow-id', 'assistant-overrides']);

const CONNECTION = new Set(['assistant-id', 'public-key', 'demo', 'api-base-url']);

const LABELS: Readonly<Record<string, string>> = {
  'assistant-id': 'Assistant ID',
  'public-key': 'Public key',
  demo: 'Offline demo assistant',
  'api-base-url': 'API base URL',
  mode: 'Display mode',
  'label-idle': 'Button label',
  'label-connecting': 'Button label while connecting',
  'label-active': 'Button label during a call',
};

/**
 * Closed sets whose documented type is not a union of literals: offered as a select whose
 * first choice leaves the attribute out, so no typo can reach the snippet.
 */
const CLOSED_SETS: Readonly<Record<string, { options: readonly string[]; emptyLabel: string }>> = {
  analytics: { options: ['datalayer'], emptyLabel: 'off' },
  lang: { options: LANGUAGES, emptyLabel: 'from the page, then the browser' },
};

/** `'lead-endpoint'` → `'Lead endpoint'`. */
export function labelFromName(name: string): string {
  const words = name.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `"'inline' | 'fullscreen' | 'floating'"` → the three values; anything else → none. */
export function unionOptions(type: string): string[] {
  const parts = type.split('|').map((part) => part.trim());
  const values = parts.map((part) => /^'([^']+)'$/.exec(part)?.[1]);
  return parts.length > 1 && values.every((v) => v !== undefined) ? (values as string[]) : [];
}

/** The form's fields, in the element's attribute order. */
export function embedFields(): EmbedField[] {
  return ATTRIBUTES.filter((name) => !ADVANCED.has(name)).map((name) => {
    const doc = ATTRIBUTE_DOCS[name];
    const closed = CLOSED_SETS[name];
    const options = closed?.options ?? unionOptions(doc.type);
    return {
      name,
      label: LABELS[name] ?? labelFromName(name),
      help: doc.description,
      control: doc.type === 'boolean' ? 'checkbox' : options.length > 0 ? 'select' : 'text',
      options,
      emptyLabel: closed?.emptyLabel,
      group: CONNECTION.has(name) ? 'connection' : options.length > 0 ? 'appearance' : 'text',
      defaultValue: doc.default,
    };
  });
}

export interface ColourField {
  /** The CSS custom property, e.g. `--va-button-bg`. */
  property: string;
  label: string;
  /** The default colour as `#rrggbb` (what a colour input needs). */
  defaultValue: string;
}

/** Colours a brokerage usually sets: the documented custom properties with a plain hex default. */
export function colourFields(): ColourField[] {
  return Object.entries(CSS_PROPERTY_DOCS).flatMap(([property, doc]) => {
    const hex = /^#([0-9a-f]{6}|[0-9a-f]{3})\b/i.exec(doc.default)?.[0];
    if (!hex) {
      return [];
    }
    const full =
      hex.length === 4
        ? `#${[...hex.slice(1)].map((digit) => digit + digit).join('')}`
        : hex.toLowerCase();
    return [{ property, label: doc.description.replace(/\.$/, ''), defaultValue: full }];
  });
}
