import { describe, expectTypeOf, it } from 'vitest';
import type { WebChatBody } from '../../widget/api/supplement.ts';
import { ar } from '../../widget/element/i18n/ar.ts';
import { en } from '../../widget/element/i18n/en.ts';
import { es } from '../../widget/element/i18n/es.ts';
import type { WidgetTexts } from '../../widget/element/i18n/widget-texts.ts';

describe('language files', () => {
  it('are each typed as the full set of texts', () => {
    expectTypeOf(en).toEqualTypeOf<WidgetTexts>();
    expectTypeOf(es).toEqualTypeOf<WidgetTexts>();
    expectTypeOf(ar).toEqualTypeOf<WidgetTexts>();
  });

  it('fail to compile when a language misses a key', () => {
    const { send: _send, ...withoutSend } = es;
    // @ts-expect-error a language without `send` is not a WidgetTexts
    const missingTop: WidgetTexts = withoutSend;
    // @ts-expect-error a language without the connecting label is not a WidgetTexts
    const missingLabel: WidgetTexts = { ...es, labels: { idle: 'x', active: 'y' } };
    const { microphoneInUse: _inUse, ...errors } = es.errors;
    // @ts-expect-error a language without one failure sentence is not a WidgetTexts
    const missingError: WidgetTexts = { ...es, errors };
    // @ts-expect-error a misspelt key is not a WidgetTexts either
    const misspelt: WidgetTexts = { ...es, sned: 'Enviar' };
    void [missingTop, missingLabel, missingError, misspelt];
  });
});

describe('POST /chat/web body', () => {
  it('follows CreateChatDTO: input, assistant by id or inline, previousChatId or sessionId', () => {
    expectTypeOf({
      assistantId: 'a',
      input: 'Hi',
      previousChatId: 'c1',
      stream: false,
    }).toExtend<WebChatBody>();
    expectTypeOf({ assistantId: 'a', input: 'Hi', sessionId: 's1' }).toExtend<WebChatBody>();
    // @ts-expect-error previousChatId and sessionId are mutually exclusive
    const both: WebChatBody = {
      assistantId: 'a',
      input: 'Hi',
      previousChatId: 'c',
      sessionId: 's',
    };
    // @ts-expect-error input is required
    const noInput: WebChatBody = { assistantId: 'a' };
    // @ts-expect-error stream is a boolean
    const badStream: WebChatBody = { assistantId: 'a', input: 'Hi', stream: 'yes' };
    void [both, noInput, badStream];
  });
});
