import { writeFileSync } from 'node:fs';
import { version } from '../package.json';
import {
  ATTRIBUTE_DOCS,
  CSS_PART_DOCS,
  CSS_PROPERTY_DOCS,
  EVENT_DOCS,
  METHOD_DOCS,
} from '../widget/element/element-docs.ts';

const MODULE = 'voice-assistant.js';

/** The Custom Elements Manifest (schema 2.1.0) of `<voice-assistant>`, from element-docs.ts. */
export function customElementsManifest(): object {
  return {
    schemaVersion: '2.1.0',
    readme: '',
    modules: [
      {
        kind: 'javascript-module',
        path: MODULE,
        declarations: [
          {
            kind: 'class',
            name: 'VoiceAssistantElement',
            tagName: 'voice-assistant',
            customElement: true,
            description: `A voice-AI assistant talk button (version ${version}).`,
            superclass: { name: 'HTMLElement' },
            attributes: Object.entries(ATTRIBUTE_DOCS).map(([name, doc]) => ({
              name,
              description: doc.description,
              type: { text: doc.type },
              ...(doc.default === undefined ? {} : { default: JSON.stringify(doc.default) }),
            })),
            members: [
              {
                kind: 'field',
                name: 'callOptions',
                type: { text: 'Partial<CallClientOptions> | undefined' },
                description: 'Call options for tests and advanced hosts, read at each start.',
              },
              ...METHOD_DOCS.map((method) => ({
                kind: 'method',
                name: method.name,
                description: method.description,
                type: { text: method.signature },
              })),
            ],
            events: Object.entries(EVENT_DOCS).map(([name, doc]) => ({
              name,
              type: { text: `CustomEvent<${doc.detail}>` },
              description: `${doc.description} Bubbles and is composed.`,
            })),
            cssProperties: Object.entries(CSS_PROPERTY_DOCS).map(([name, doc]) => ({
              name,
              description: doc.description,
              default: doc.default,
            })),
            cssParts: Object.entries(CSS_PART_DOCS).map(([name, description]) => ({
              name,
              description,
            })),
          },
          {
            kind: 'function',
            name: 'defineVoiceAssistant',
            description: 'Registers the element (idempotent, with a version check).',
            parameters: [
              { name: 'tag', optional: true, type: { text: 'string' } },
              { name: 'registry', optional: true, type: { text: 'CustomElementRegistry' } },
            ],
          },
        ],
        exports: [
          {
            kind: 'custom-element-definition',
            name: 'voice-assistant',
            declaration: { name: 'VoiceAssistantElement', module: MODULE },
          },
          {
            kind: 'js',
            name: 'defineVoiceAssistant',
            declaration: { name: 'defineVoiceAssistant', module: MODULE },
          },
        ],
      },
    ],
  };
}

export function writeCustomElementsManifest(path: string): void {
  writeFileSync(path, `${JSON.stringify(customElementsManifest(), null, 2)}\n`);
}
