/**
 * The widget's built-in languages and how one is chosen (docs/behaviour.md#languages). Part of
 * the loader: it picks the idle label of the first paint, so it stays tiny and pure.
 */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'zh', 'ar'] as const;

/** A built-in language: its primary BCP 47 subtag (`zh` is Simplified Chinese). */
export type Language = (typeof LANGUAGES)[number];

/** The languages written right to left. */
const RTL: ReadonlySet<string> = new Set(['ar']);

/**
 * The built-in language that serves a BCP 47 tag, or `null` when none does. Only the primary
 * subtag counts: `es-MX` is Spanish, `pt-BR` Portuguese; any `zh` gets Simplified Chinese, which
 * serves a Traditional reader better than English would.
 */
export function matchLanguage(tag: string | null | undefined): Language | null {
  const primary = tag?.trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : null;
}

/** Where a language may come from, most specific first. */
export interface LanguageSources {
  /** The element's own `lang` attribute. */
  attribute: string | null;
  /** The `lang` of the nearest ancestor that has one (see {@link inheritedLang}). */
  inherited: string | null;
  /** `navigator.language`. */
  browser: string | null | undefined;
}

/**
 * The language to show: the `lang` attribute, else the nearest ancestor's `lang`, else the
 * browser's language, else English. A source naming a language we do not have falls through to
 * English rather than to the next source: the page said what it is written in.
 */
export function resolveLanguage(sources: LanguageSources): Language {
  for (const tag of [sources.attribute, sources.inherited, sources.browser]) {
    if (tag != null && tag.trim() !== '') {
      return matchLanguage(tag) ?? 'en';
    }
  }
  return 'en';
}

/** `rtl` for right-to-left languages, else `ltr`. */
export function textDirection(language: Language): 'ltr' | 'rtl' {
  return RTL.has(language) ? 'rtl' : 'ltr';
}

/** The `lang` of the nearest ancestor of `element` that sets one, crossing shadow roots. */
export function inheritedLang(element: Element): string | null {
  let node: Node | null = element.parentNode;
  while (node) {
    if (node instanceof Element && node.hasAttribute('lang')) {
      return node.getAttribute('lang');
    }
    node = node instanceof ShadowRoot ? node.host : node.parentNode;
  }
  return null;
}

/** The language of `element`, from its attribute, its ancestors and the browser. */
export function elementLanguage(element: Element): Language {
  return resolveLanguage({
    attribute: element.getAttribute('lang'),
    inherited: inheritedLang(element),
    browser: typeof navigator === 'undefined' ? null : navigator.language,
  });
}
