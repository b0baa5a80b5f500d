import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  ATTRIBUTE_DOCS,
  CSS_PART_DOCS,
  CSS_PROPERTY_DOCS,
  EVENT_DOCS,
  METHOD_DOCS,
} from '../widget/element/element-docs.ts';
import { customElementsManifest } from './widget-manifest.ts';

/** Where the generated reference lives, relative to the repository root. */
export const ELEMENT_DOCS_PATH = 'docs/element.md';
/** The command that rewrites {@link ELEMENT_DOCS_PATH}; named in the drift test's failure. */
export const ELEMENT_DOCS_COMMAND = 'npm run docs:element';

/** The few manifest entries that element-docs.ts does not hold, read back from the manifest. */
interface ManifestEntry {
  kind: string;
  name: string;
  description?: string;
  type?: { text: string };
  members?: ManifestEntry[];
  parameters?: { name: string; optional?: boolean; type?: { text: string } }[];
}

/** A table cell of prose: pipes would split the cell, and `<name>` would be read as HTML. */
function text(value: string): string {
  return value.replaceAll('|', '\\|').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** A table cell of code: inside backticks only the pipe needs escaping. */
function code(value: string): string {
  return `\`${value.replaceAll('|', '\\|')}\``;
}

function table(head: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ];
}

/** The manifest's declarations, where `callOptions` and `defineVoiceAssistant` are described. */
function manifestDeclarations(): ManifestEntry[] {
  const manifest = customElementsManifest() as { modules: { declarations: ManifestEntry[] }[] };
  return manifest.modules.flatMap((module) => module.declarations);
}

function extraProperties(): ManifestEntry[] {
  const element = manifestDeclarations().find((entry) => entry.kind === 'class');
  return (element?.members ?? []).filter((member) => member.kind === 'field');
}

function functions(): ManifestEntry[] {
  return manifestDeclarations().filter((entry) => entry.kind === 'function');
}

function signature(fn: ManifestEntry): string {
  const parameters = (fn.parameters ?? []).map(
    (p) => `${p.name}${p.optional ? '?' : ''}: ${p.type?.text ?? 'unknown'}`,
  );
  return `${fn.name}(${parameters.join(', ')})`;
}

/**
 * The reference of `<voice-assistant>` as Markdown, from the same data as `custom-elements.json`
 * (`widget/element/element-docs.ts`), so the two can never disagree. Pure: the caller writes it.
 */
export function renderElementDocs(): string {
  const lines = [
    '# `<voice-assistant>` reference',
    '',
    `<!-- Generated from widget/element/element-docs.ts by \`${ELEMENT_DOCS_COMMAND}\`; do not edit by hand. -->`,
    '',
    'The attributes, properties, methods, events, CSS custom properties and parts of the element.',
    'The same data is shipped as `custom-elements.json` (Custom Elements Manifest 2.1) and typed in',
    '`voice-assistant.d.ts`. What the widget does with them is described in',
    '[behaviour.md](behaviour.md#widget); how to embed it, in the [README](../README.md#embedding).',
    '',
    '## Attributes',
    '',
    'Attribute changes apply live. A bad optional value is ignored with one console warning and the',
    'default applies; only a missing or doubled call target replaces the widget with a message',
    '([behaviour.md](behaviour.md#widget)).',
    '',
    ...table(
      ['Attribute', 'Type', 'Default', 'Meaning'],
      Object.entries(ATTRIBUTE_DOCS).map(([name, doc]) => [
        code(name),
        code(doc.type),
        doc.default === undefined ? '—' : code(doc.default),
        text(doc.description),
      ]),
    ),
    '',
    '## Properties and methods',
    '',
    ...table(
      ['Member', 'Type', 'Description'],
      [
        ...extraProperties().map((field) => [
          code(field.name),
          code(field.type?.text ?? ''),
          text(field.description ?? ''),
        ]),
        ...METHOD_DOCS.map((method) => [
          code(`${method.name}()`),
          code(method.signature),
          text(method.description),
        ]),
      ],
    ),
    '',
    ...functions().flatMap((fn) => [`- ${code(signature(fn))}: ${text(fn.description ?? '')}`]),
    '',
    '## Events',
    '',
    'Every event is a `CustomEvent` that bubbles and is composed (listen on `document` if you like),',
    'typed in `GlobalEventHandlersEventMap`.',
    '',
    ...table(
      ['Event', '`detail`', 'When'],
      Object.entries(EVENT_DOCS).map(([name, doc]) => [
        code(name),
        code(doc.detail),
        text(doc.description),
      ]),
    ),
    '',
    '## CSS custom properties',
    '',
    'The widget draws in its shadow root with one constructable stylesheet: page CSS cannot break it',
    'and its CSS never leaks out. Theme it with these properties on the element and with `::part()`.',
    '',
    ...table(
      ['Property', 'Default', 'Description'],
      Object.entries(CSS_PROPERTY_DOCS).map(([name, doc]) => [
        code(name),
        code(doc.default),
        text(doc.description),
      ]),
    ),
    '',
    '## CSS parts',
    '',
    ...table(
      ['Part', 'Description'],
      Object.entries(CSS_PART_DOCS).map(([name, description]) => [code(name), text(description)]),
    ),
    '',
  ];
  return lines.join('\n');
}

/** Writes {@link renderElementDocs} to `path` (the repository's docs/element.md by default). */
export function writeElementDocs(path = ELEMENT_DOCS_PATH): void {
  writeFileSync(path, renderElementDocs());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeElementDocs();
  console.info(`wrote ${ELEMENT_DOCS_PATH}`);
}
