/**
 * The rules of docs/behaviour.md#chat, #consent and #languages: `Type instead`, the text box
 * and its log, and the `Before we start` dialog. Added to the one widget stylesheet by the UI
 * chunk (`extendWidgetStyleSheet`), so the loader stays small; the loader's own part (the
 * `.type-slot` row with `Type instead`, the wave's fixed direction) is in styles.ts.
 */
export const ACCESS_CSS = `.chat-send, .chat-retry, .consent-agree, .consent-decline {
  appearance: none; display: inline-flex; align-items: center; justify-content: center;
  min-height: 32px; margin: 0; padding: 0 14px; border-radius: 9999px; font: inherit;
  font-size: 14px; font-weight: 600; cursor: pointer; white-space: nowrap;
}
.va .type-instead--prominent {
  border-color: transparent; color: var(--va-button-fg, #fff); background: var(--va-button-bg, #1d4ed8);
}
.type-hint { margin: 0; font-size: 14px; font-weight: 400; }
.chat {
  display: flex; flex-direction: column; gap: 8px; width: min(340px, 100%); padding: 10px;
  border-radius: 12px; text-align: start; color: #0f172a; background: #fff;
  box-shadow: 0 4px 16px rgb(0 0 0 / 0.2);
}
.chat-log {
  display: flex; flex-direction: column; gap: 6px; max-height: 180px; overflow-y: auto;
  font-size: 14px; font-weight: 400;
}
.chat-log:empty { display: none; }
.chat-line { margin: 0; padding: 6px 10px; border-radius: 10px; background: #f1f5f9; overflow-wrap: anywhere; white-space: pre-wrap; }
.chat-line--user { align-self: flex-end; background: #dbeafe; }
.chat-who { font-weight: 600; }
.chat-failed { color: #991b1b; }
.chat-typing { margin: 0; font-style: italic; color: #334155; }
.chat-form { display: flex; flex-wrap: wrap; gap: 6px; align-items: flex-end; }
.chat-field {
  flex: 1 1 180px; min-height: 44px; max-height: 120px; margin: 0; padding: 8px 10px;
  border: 1px solid #64748b; border-radius: 8px; font: inherit; font-size: 14px;
  font-weight: 400; color: #0f172a; background: #fff; resize: vertical;
}
.chat-send, .consent-agree {
  border: 0; color: var(--va-button-fg, #fff); background: var(--va-button-bg, #1d4ed8);
}
.chat-send[aria-disabled="true"] { opacity: 0.55; cursor: progress; }
.chat-retry, .consent-decline { border: 1px solid #334155; color: #0f172a; background: #fff; }
.chat-hint { flex-basis: 100%; margin: 0; font-size: 12px; font-weight: 400; color: #334155; }
.chat-send:focus-visible, .chat-retry:focus-visible,
.chat-field:focus-visible, .chat-log:focus-visible, .consent-agree:focus-visible,
.consent-decline:focus-visible, .consent-link:focus-visible, .consent:focus-visible {
  outline: 3px solid var(--va-focus, #f59e0b); outline-offset: 2px;
}
.panel:has(.chat) {
  height: auto; max-height: calc(100vh - 40px - var(--va-inset-top, 0px));
  max-height: calc(100dvh - 40px - var(--va-inset-top, 0px)); overflow-y: auto;
}
.panel .chat { width: 100%; }
.va--overlay {
  position: fixed; inset: 0; min-height: 100%; padding: 16px; z-index: var(--va-z-index, 2147483000);
  background: rgb(15 23 42 / 0.55);
}
.consent {
  display: flex; flex-direction: column; gap: 12px; width: min(420px, 100%); max-height: 100%;
  overflow-y: auto; padding: 20px; border-radius: 14px; text-align: start; color: #0f172a;
  background: #fff; box-shadow: 0 12px 40px rgb(0 0 0 / 0.35);
}
.consent-title { margin: 0; font-size: 18px; font-weight: 700; }
.consent-text { margin: 0; font-size: 15px; font-weight: 400; white-space: pre-line; }
.consent-link { color: #1d4ed8; font-size: 14px; text-decoration: underline; }
.consent-actions { display: flex; flex-wrap: wrap; gap: 8px; }
@media (max-width: 479.98px) {
  .va--floating > .controls > .type-slot > .type-hint { display: none; }
}
`;
