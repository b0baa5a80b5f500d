/**
 * The conversation view's rules (captions, mute, panel, bottom sheet): the loader's static view
 * never draws them, so the UI chunk adds them to the shared sheet (`extendWidgetStyleSheet`)
 * and they stay out of the loader's bytes.
 */
export const VIEW_CSS = `.button--active { background: var(--va-stop-bg, #b91c1c); }
.close:focus-visible { outline: 3px solid var(--va-focus, #f59e0b); outline-offset: 3px; }
.panel {
  position: relative; display: flex; flex-direction: column; width: min(340px, calc(100vw - 40px));
  height: min(380px, calc(100vh - 40px - var(--va-inset-top, 0px))); padding: 16px; border-radius: 16px;
  color: var(--va-panel-fg, #fff); background: var(--va-panel-bg, #0b1220);
  box-shadow: 0 12px 40px rgb(0 0 0 / 0.35);
}
.panel-head { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
.panel-title { margin: 0; font-size: 15px; font-weight: 600; }
.close {
  appearance: none; width: 36px; height: 36px; margin: 0; padding: 0; border: 0;
  border-radius: 9999px; font: inherit; font-size: 20px; line-height: 1; cursor: pointer;
  color: inherit; background: rgb(255 255 255 / 0.12);
}
.stage { position: relative; flex: 1; display: flex; align-items: center; justify-content: center; }
.panel .controls { padding-top: 8px; }
.transcript--latest .line, .transcript--subtitles .line {
  padding: 4px 10px; border-radius: 8px;
  color: var(--va-caption-fg, #0f172a); background: var(--va-caption-bg, rgb(255 255 255 / 0.92));
}
.va--fullscreen .line { color: var(--va-caption-fg, #fff); background: var(--va-caption-bg, rgb(0 0 0 / 0.72)); }
.mic {
  position: relative; display: inline-block; width: 10px; height: 16px; margin-top: -6px;
  border-radius: 5px; vertical-align: middle; background: currentColor;
}
.mic::after {
  content: ""; position: absolute; left: -4px; right: -4px; top: 7px; height: 12px;
  border: 2px solid currentColor; border-top: 0; border-radius: 0 0 9px 9px;
}
.button--active { color: var(--va-stop-fg, #fff); }
.sr-only {
  position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
.avatar-img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
.avatar--panel { width: 32px; height: 32px; font-size: 14px; }
.panel-title { flex: 1; }
.panel { width: min(360px, calc(100vw - 40px)); }
.panel--captions {
  height: min(520px, calc(100vh - 40px - var(--va-inset-top, 0px)));
  height: min(520px, calc(100dvh - 40px - var(--va-inset-top, 0px)));
}
.panel--captions .stage { flex: 0 0 64px; }
.transcript { margin: 0; font-size: 15px; font-weight: 400; text-align: start; }
.transcript:empty { display: none; }
.transcript--log {
  flex: 1 1 auto; min-height: 0; margin: 8px -4px 0; padding: 0 4px; overflow-y: auto;
  overscroll-behavior: contain; color: var(--va-caption-fg, inherit);
}
.transcript--log .line { margin: 0 0 8px; }
.line--partial .said { opacity: 0.75; }
.who { font-size: 12px; font-weight: 700; text-transform: uppercase; letter-spacing: 0.04em; opacity: 0.8; }
.transcript--log .who { display: block; }
.transcript--latest, .transcript--subtitles { display: flex; flex-direction: column; align-items: center; gap: 6px; max-width: min(60ch, 100%); }
.transcript--latest .line, .transcript--subtitles .line { margin: 0; }
.transcript--subtitles .line { font-size: clamp(16px, 2.2vw, 22px); line-height: 1.35; }
.transcript--latest .who, .transcript--subtitles .who { font-size: 11px; }
.call-length { margin: 4px 0 0; font-size: 13px; opacity: 0.85; }
.call-length:empty { display: none; }
.secondary { display: flex; gap: 8px; justify-content: center; }
.mute {
  appearance: none; position: relative; width: 44px; height: 44px; margin: 0; padding: 0;
  border: 1px solid currentColor; border-radius: 9999px; font: inherit; cursor: pointer;
  color: var(--va-caption-fg, currentColor); background: var(--va-caption-bg, transparent);
}
.va--inline .mute { color: var(--va-caption-fg, #0f172a); background: var(--va-caption-bg, #fff); }
.va--inline > .controls:has(.chat) { max-height: 100%; overflow-y: auto; overscroll-behavior: contain; }
.mute[aria-pressed="true"] { color: #fff; background: var(--va-stop-bg, #b91c1c); border-color: transparent; }
.mute[aria-pressed="true"]::after {
  content: ""; position: absolute; top: 50%; left: 50%; width: 26px; height: 2px;
  background: currentColor; transform: translate(-50%, -50%) rotate(-45deg);
}
.mute:focus-visible, .transcript:focus-visible { outline: 3px solid var(--va-focus, #f59e0b); outline-offset: 2px; }
@media (max-width: 479.98px) {
  .va--floating > .panel {
    position: fixed; left: 0; right: 0; bottom: 0; width: 100%;
    max-height: calc(100vh - var(--va-inset-top, 0px)); max-height: calc(100dvh - var(--va-inset-top, 0px));
    height: min(560px, 88vh); height: min(560px, 88dvh); border-radius: 16px 16px 0 0;
    padding-bottom: calc(16px + env(safe-area-inset-bottom, 0px));
  }
}
@media (prefers-reduced-motion: reduce) { .transcript--log { scroll-behavior: auto; } }
.typed-mark {
  display: inline-block; margin-inline-end: 4px; padding: 0 6px; border-radius: 9999px;
  font-size: 11px; font-weight: 700; color: #1e3a8a; background: #dbeafe;
}
.transcript .chat-retry { margin-inline-start: 6px; }
.va--talked > .controls {
  display: grid; grid-template-columns: minmax(0, 1fr) auto minmax(0, 1fr);
  grid-template-rows: auto auto minmax(0, 1fr) auto; gap: 6px 8px; width: 100%; height: 100%;
}
.va--talked > .controls > * { grid-column: 1 / -1; justify-self: center; }
.va--talked > .controls > .button { grid-area: 1 / 2; }
.va--talked > .controls > .badge { grid-area: 1 / 1; justify-self: end; align-self: center; }
.va--talked > .controls > :is(.secondary, .type-slot) {
  grid-area: 1 / 3; justify-self: start; align-self: center; width: auto; min-height: 0;
}
.va--talked > .controls > .status { grid-row: 2; }
.va--talked > .controls > .transcript { grid-row: 3; min-height: 0; }
.va--talked > .controls > .transcript--latest { justify-content: flex-end; overflow: hidden; }
.va--talked > .controls > .call-length { grid-row: 4; margin: 0; }
`;
