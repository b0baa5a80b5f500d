import { describe, expect, it } from 'vitest';
import { parseAttributes } from '../../widget/element/attributes.ts';
import { ar } from '../../widget/element/i18n/ar.ts';
import { de } from '../../widget/element/i18n/de.ts';
import { en } from '../../widget/element/i18n/en.ts';
import { es } from '../../widget/element/i18n/es.ts';
import { fr } from '../../widget/element/i18n/fr.ts';
import { idleLabel } from '../../widget/element/i18n/idle-labels.ts';
import {
  elementLanguage,
  LANGUAGES,
  matchLanguage,
  resolveLanguage,
  textDirection,
} from '../../widget/element/i18n/languages.ts';
import { pt } from '../../widget/element/i18n/pt.ts';
import type { WidgetTexts } from '../../widget/element/i18n/widget-texts.ts';
import { zh } from '../../widget/element/i18n/zh.ts';
import { attributeValues } from '../fixtures/widget/attribute-values.ts';

const ALL: Record<string, WidgetTexts> = { en, es, fr, de, pt, zh, ar };

describe('resolveLanguage', () => {
  const none = { attribute: null, inherited: null, browser: null };

  it('takes the attribute, then the nearest lang, then the browser, then English', () => {
    expect(resolveLanguage({ attribute: 'es', inherited: 'fr', browser: 'de' })).toBe('es');
    expect(resolveLanguage({ ...none, inherited: 'fr-CA', browser: 'de' })).toBe('fr');
    expect(resolveLanguage({ ...none, browser: 'pt-BR' })).toBe('pt');
    expect(resolveLanguage(none)).toBe('en');
    expect(resolveLanguage({ ...none, attribute: '  ', browser: 'de-AT' })).toBe('de');
  });

  it('falls back to English for a language it does not have, not to the next source', () => {
    expect(resolveLanguage({ attribute: 'ja', inherited: 'fr', browser: 'de' })).toBe('en');
  });

  it('matches on the primary subtag only', () => {
    expect(matchLanguage('zh-Hans-CN')).toBe('zh');
    expect(matchLanguage('zh-TW')).toBe('zh');
    expect(matchLanguage('AR_eg')).toBe('ar');
    expect(matchLanguage('english')).toBeNull();
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('zh')).toBe('ltr');
  });

  it('reads the nearest lang of an element, across a shadow root', () => {
    document.documentElement.lang = 'de';
    const outer = document.createElement('div');
    outer.lang = 'fr';
    const host = document.createElement('div');
    outer.append(host);
    document.body.append(outer);
    const inner = document.createElement('span');
    host.attachShadow({ mode: 'open' }).append(inner);
    expect(elementLanguage(inner)).toBe('fr');
    inner.setAttribute('lang', 'es');
    expect(elementLanguage(inner)).toBe('es');
    outer.remove();
    document.documentElement.removeAttribute('lang');
  });
});

describe('built-in texts', () => {
  it('has a file for every language, whose idle label is the loader’s', () => {
    expect(Object.keys(ALL).sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      expect(ALL[language]?.labels.idle).toBe(idleLabel(language));
    }
  });

  it('translates every text: no other language reuses an English sentence', () => {
    const flat = (texts: WidgetTexts): string[] => [
      ...Object.values(texts).filter((v): v is string => typeof v === 'string'),
      ...Object.values(texts.labels),
      ...Object.values(texts.errors.microphoneSetting),
      texts.errors.microphoneNotFound('X'),
      texts.errors.generic('d', 'X'),
    ];
    const english = new Set(flat(en));
    for (const [language, texts] of Object.entries(ALL)) {
      if (language === 'en') {
        continue;
      }
      // "Message" and "Assistant" are the same word in French; everything else must differ.
      const same = flat(texts).filter(
        (text) => english.has(text) && !['Message', 'Assistant'].includes(text),
      );
      expect(same, language).toEqual([]);
    }
  });

  it('names the visitor’s button in each failure sentence', () => {
    for (const texts of Object.values(ALL)) {
      expect(texts.errors.microphoneInUse('«B»')).toContain('«B»');
      expect(texts.errors.connectFailed('boom', '«B»')).toContain('boom');
    }
  });
});

describe('label-* attributes over a language', () => {
  it('override the language’s labels one by one', () => {
    const config = parseAttributes(
      attributeValues({ assistantId: 'a', labelIdle: 'Llámanos' }),
      'voice-assistant',
      es.labels,
    );
    expect(config.labels).toEqual({
      idle: 'Llámanos',
      connecting: 'Conectando...',
      active: 'Colgar',
    });
  });
});
