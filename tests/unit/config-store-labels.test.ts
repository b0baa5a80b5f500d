import { describe, expect, it, vi } from 'vitest';
import { ATTRIBUTES, parseSettings, readAttributes } from '../../widget/element/attributes.ts';
import { ConfigStore } from '../../widget/loader/config-store.ts';

/**
 * The labels stay out of the parsed attributes (docs/architecture.md#state-owners): new texts
 * word the button labels again without the element's attributes being read or parsed again, and
 * an attribute change parses them once, however many readers ask.
 */
function widget(attributes: Record<string, string>) {
  const host = document.createElement('voice-assistant');
  for (const [name, value] of Object.entries(attributes)) {
    host.setAttribute(name, value);
  }
  document.body.append(host);
  const store = new ConfigStore(host);
  const reads = vi.spyOn(host, 'getAttribute');
  /** The widget's own attributes read since the last call (`lang` is the language, not parsing). */
  const attributesRead = () => {
    const names = reads.mock.calls.map(([name]) => name).filter((name) => name !== 'lang');
    reads.mockClear();
    return names;
  };
  return { host, store, attributesRead };
}

/** One parse: every attribute read once (`lang` aside, which the language reads at each look too). */
const ONE_PARSE = ATTRIBUTES.filter((name) => name !== 'lang');

const SPANISH = { idle: 'Hablar', connecting: 'Conectando…', active: 'Colgar' };
const talkTo = (name: string) => `Hablar con ${name}`;

describe("the config store's labels", () => {
  it('words the labels again from new texts without reading the attributes again', () => {
    const { host, store, attributesRead } = widget({
      'assistant-id': 'asst_1',
      'assistant-name': 'Ava',
      'label-active': 'Hang up',
    });
    const before = store.get();
    expect(before.labels.idle).toContain('Ava');
    expect(attributesRead()).toEqual(ONE_PARSE);

    store.setTexts(SPANISH, talkTo);
    const after = store.get();
    expect(after.labels).toEqual({
      idle: 'Hablar con Ava',
      connecting: 'Conectando…',
      active: 'Hang up',
    });
    expect(attributesRead()).toEqual([]);
    // Everything but the labels is the parse of the first read.
    expect({ ...after, labels: null }).toEqual({ ...before, labels: null });
    host.remove();
  });

  it('parses once per attribute change, however many reads follow', () => {
    const { host, store, attributesRead } = widget({ 'assistant-id': 'asst_1' });
    store.get();
    store.get();
    expect(attributesRead()).toEqual(ONE_PARSE);
    host.setAttribute('assistant-name', 'Noor');
    store.changed();
    expect(store.get().labels.idle).toContain('Noor');
    store.get();
    expect(attributesRead()).toEqual(ONE_PARSE);
    host.remove();
  });

  it('keeps the labels out of the parsed settings: they have their own reader', () => {
    const host = document.createElement('voice-assistant');
    host.setAttribute('assistant-id', 'asst_1');
    host.setAttribute('label-idle', 'Call us');
    expect(parseSettings(readAttributes(host))).not.toHaveProperty('labels');
  });
});
