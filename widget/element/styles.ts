/**
 * Every style of the widget, adopted into each shadow root as one constructable stylesheet
 * (a strict `style-src 'self'` allows CSSOM sheets, unlike `<style>` elements or `style=""`).
 * Host pages theme it through the custom properties below and `::part(...)`; their other rules
 * cannot reach inside, and `all: initial` on the wrapper stops inherited host typography.
 * The custom properties and parts are documented in `element-docs.ts`.
 *
 * Only what the loader paints before intent is here (docs/behaviour.md#widget): the idle button
 * or floating launcher, the badge, the problem alert, and `Type instead`, which sits beside the
 * floating launcher (not under it) so the corner box keeps the launcher's height. Next to the
 * launcher it is a white chip with dark text, readable over any host page, dark or light.
 * The conversation view, chat and consent rules are in `styles-view.ts` and `styles-access.ts`,
 * added by the UI chunk. The sheet ships as written, so it carries no CSS comments.
 */
export const WIDGET_CSS = `
:host { display: block; position: relative; }
:host([hidden]) { display: none !important; }
.ui { display: contents; }
.va {
  all: initial; box-sizing: border-box; position: relative; display: flex; flex-direction: column;
  align-items: center; justify-content: center; width: 100%; height: 100%;
  min-height: var(--va-min-height, 136px); padding: 8px;
  font: 500 16px/1.4 var(--va-font, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  color: var(--va-fg, #0f172a); background: var(--va-bg, transparent);
}
.va *, .va *::before, .va *::after { box-sizing: border-box; }
.va--fullscreen {
  position: fixed; inset: 0; min-height: 100%; z-index: var(--va-z-index, 2147483000);
  color: var(--va-fg, #fff); background: var(--va-bg, #000);
}
.va--floating {
  position: fixed; width: auto; height: auto; min-height: 0;
  padding: 0; align-items: flex-end; z-index: var(--va-z-index, 2147483000);
}
.wave { position: absolute; inset: 0; display: block; width: 100%; height: 100%; pointer-events: none; }
.controls {
  position: relative; display: flex; flex-direction: column; align-items: center; gap: 10px;
  max-width: 100%; text-align: center;
}
.button {
  appearance: none; display: inline-flex; align-items: center; justify-content: center;
  min-width: 44px; min-height: 48px; margin: 0; padding: 0 28px; border: 0;
  border-radius: var(--va-radius, 9999px); font: inherit; font-weight: 600; letter-spacing: 0;
  text-transform: none; white-space: nowrap; cursor: pointer;
  color: var(--va-button-fg, #fff); background: var(--va-button-bg, #1d4ed8);
  box-shadow: 0 6px 20px rgb(0 0 0 / 0.25); transition: opacity 150ms, background-color 150ms;
}
.button:hover { filter: brightness(1.08); }
.button:focus-visible { outline: 3px solid var(--va-focus, #f59e0b); outline-offset: 3px; }
.button[aria-disabled="true"] { opacity: 0.55; cursor: progress; filter: none; }
.status { margin: 0; min-height: 1.4em; max-width: 36ch; font-size: 14px; font-weight: 400; }
.status:empty { visibility: hidden; }
.badge {
  display: inline-block; padding: 2px 10px; border-radius: 9999px; font-size: 12px;
  font-weight: 600; color: #0f172a; background: #fde68a;
}
.va--fullscreen .badge { position: fixed; top: 16px; left: 50%; transform: translateX(-50%); }
.problem {
  margin: 0; padding: 12px 16px; max-width: 48ch; border-radius: 8px; font-size: 14px;
  color: #7f1d1d; background: #fef2f2; border: 1px solid #fecaca;
}
.problem:empty { display: none; }
@media (prefers-reduced-motion: reduce) { .button { transition: none; } }

.va--floating {
  right: calc(20px + env(safe-area-inset-right, 0px));
  bottom: calc(20px + env(safe-area-inset-bottom, 0px));
}
.va--bottom-left { right: auto; left: calc(20px + env(safe-area-inset-left, 0px)); align-items: flex-start; }
.va--floating > .controls > .badge {
  position: absolute; z-index: 1; right: 14px; bottom: calc(100% - 9px); padding: 1px 8px;
  font-size: 11px; white-space: nowrap;
}
.va--floating > .controls > .status {
  position: absolute; right: 0; bottom: calc(100% + 14px); width: max-content;
  max-width: min(300px, calc(100vw - 40px)); text-align: start;
}
.va--bottom-left > .controls > .status { right: auto; left: 0; }
.va--floating > .controls > .status:not(:empty), .va--inline .status:not(:empty),
.va--fullscreen .status:not(:empty) {
  padding: 4px 10px; border-radius: 8px;
  color: var(--va-caption-fg, #0f172a); background: var(--va-caption-bg, rgb(255 255 255 / 0.92));
}
.va--fullscreen .status:not(:empty), .va--floating > .controls > .status {
  color: var(--va-caption-fg, #fff); background: var(--va-caption-bg, rgb(0 0 0 / 0.72));
}
.va--fullscreen > .controls {
  position: absolute; top: calc(50% - 24px); left: 0; right: 0; width: min(640px, 92vw);
  margin: 0 auto;
}
.va--fullscreen .status {
  position: static; width: auto; max-width: min(36ch, 90vw); margin: 0; transform: none;
}
.launcher { position: relative; }
.avatar {
  position: relative; display: inline-flex; flex: none; align-items: center; justify-content: center;
  width: 36px; height: 36px; overflow: hidden; border-radius: 9999px; font-weight: 700;
  color: var(--va-button-bg, #1d4ed8); background: #fff;
}
.avatar--launcher { position: absolute; z-index: 1; top: 6px; left: 6px; pointer-events: none; }
.avatar--launcher + .launcher { padding-left: 50px; }
@media (max-width: 479.98px) {
  .va--floating > .controls > .launcher {
    width: 56px; height: 56px; min-width: 56px; padding: 0 0 0 56px; overflow: hidden;
    justify-content: flex-start; border-radius: 9999px;
  }
  .launcher::before {
    content: ""; position: absolute; top: 14px; left: 21px; width: 14px; height: 20px;
    border-radius: 7px; background: var(--va-button-fg, #fff);
  }
  .launcher::after {
    content: ""; position: absolute; top: 24px; left: 16px; width: 24px; height: 14px;
    border: 2px solid var(--va-button-fg, #fff); border-top: 0; border-radius: 0 0 12px 12px;
  }
  .va--floating > .controls > .badge, .va--floating > .controls > .avatar { display: none; }
}
.wave { direction: ltr; }
.type-slot {
  display: flex; flex-direction: column; align-items: center; gap: 6px; min-height: 32px;
  width: 100%; max-width: 100%;
}
.va--floating > .controls > .type-slot {
  position: absolute; right: calc(100% + 8px); bottom: 0; width: max-content; min-height: 0;
  align-items: flex-end;
}
.va--bottom-left > .controls > .type-slot { right: auto; left: calc(100% + 8px); align-items: flex-start; }
.va--fullscreen .type-slot {
  position: absolute; top: 100%; left: 50%; width: max-content; max-width: 90vw;
  margin-top: 44px; transform: translateX(-50%);
}
.type-instead {
  appearance: none; display: inline-flex; align-items: center; justify-content: center;
  min-height: 32px; margin: 0; padding: 0 14px; border: 1px solid currentColor;
  border-radius: 9999px; font: inherit; font-size: 14px; font-weight: 600; cursor: pointer;
  white-space: nowrap; color: inherit; background: transparent;
}
.type-instead:focus-visible { outline: 3px solid var(--va-focus, #f59e0b); outline-offset: 2px; }
.va--floating > .controls > .type-slot > .type-instead {
  min-height: 40px; border-color: #64748b; color: #0f172a; background: #fff;
  box-shadow: 0 6px 20px rgb(0 0 0 / 0.25);
}
@media (max-width: 479.98px) {
  .va--floating > .controls > .type-slot { bottom: 6px; }
  .va--floating > .controls > .type-slot > .type-instead {
    position: relative; width: 44px; height: 44px; min-height: 44px; padding: 0 0 0 44px;
    overflow: hidden; justify-content: flex-start; border: 0;
    color: var(--va-button-fg, #fff); background: var(--va-button-bg, #1d4ed8);
  }
  .va--floating > .controls > .type-slot > .type-instead::before {
    content: ""; position: absolute; top: 14px; left: 11px; width: 18px; height: 12px;
    border: 2px solid currentColor; border-radius: 3px;
  }
  .va--floating > .controls > .type-slot > .type-instead::after {
    content: ""; position: absolute; top: 21px; left: 17px; width: 10px; height: 2px;
    background: currentColor;
  }
}
`;

const sheets = new WeakMap<Document, CSSStyleSheet>();
const extensions = new WeakMap<Document, string[]>();

/**
 * Adds rules only the UI chunk needs to the document's one widget sheet (each text once), so
 * the loader does not carry them. Every shadow root sharing the sheet sees them at once.
 */
export function extendWidgetStyleSheet(doc: Document, css: string): void {
  const added = extensions.get(doc) ?? [];
  if (added.includes(css)) {
    return;
  }
  added.push(css);
  extensions.set(doc, added);
  widgetStyleSheet(doc).replaceSync(WIDGET_CSS + added.join(''));
}

/** The widget's stylesheet for `doc`, built once per document and shared by every instance. */
export function widgetStyleSheet(doc: Document = document): CSSStyleSheet {
  let sheet = sheets.get(doc);
  if (!sheet) {
    const view = doc.defaultView ?? window;
    sheet = new view.CSSStyleSheet();
    sheet.replaceSync(WIDGET_CSS);
    sheets.set(doc, sheet);
  }
  return sheet;
}
