import type { UiBridge, WidgetConfigStore } from '../../element/bridge.ts';
import type { ConsentGate, ConsentSnapshot } from '../consent-gate.ts';

/**
 * One step of the visitor's funnel, in GA4's recommended shape for `window.dataLayer`: the
 * `event` name and its parameters. Never a name, phone, email or transcript: the parameters are
 * a consent decision, a call's length and an error code. Leads and viewing requests are pushed
 * where they are captured (`leads/lead-analytics.ts`), with the same `voice_assistant_` prefix.
 */
export type FunnelEvent =
  | { event: 'voice_assistant_open' }
  | { event: 'voice_assistant_consent'; consent: 'accepted' | 'declined' }
  | { event: 'voice_assistant_call_start' }
  | { event: 'voice_assistant_call_end'; duration_seconds: number }
  | { event: 'voice_assistant_chat_start' }
  | { event: 'voice_assistant_error'; code: string };

/** Something to watch: `subscribe` returns an unsubscribe, `getSnapshot` the current state. */
interface Observable<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): T;
}

/** The parts of the typed chat the funnel reads. */
interface ChatView {
  open: boolean;
  chat: { entries: readonly { role: string; typed: boolean }[] };
}

/** What the funnel watches, all of one `<voice-assistant>`. */
export interface FunnelSources {
  /** The element: its `voice-assistant:call-start`, `:call-end` and `:error` events. */
  host: HTMLElement;
  /** True while `analytics="datalayer"` is set (read at each step, so the attribute may change). */
  enabled(): boolean;
  /** The call controller's state: leaving `idle` is the visitor's intent to talk. */
  calls: Observable<{ state: string }>;
  /** The typed chat: its box opening, and its first line typed outside a call. */
  chat: Observable<ChatView>;
  /** The recording disclosure: its dialog, and whether it closed agreed to (`agreed()`). */
  consent: Observable<ConsentSnapshot> & { agreed(): boolean };
  /** Monotonic clock in ms, for the call's length. */
  now(): number;
}

/** Appends to `window.dataLayer`, created as tag managers expect when the page has none yet. */
function pushToDataLayer(host: HTMLElement, entry: FunnelEvent): void {
  const view = host.ownerDocument.defaultView as (Window & { dataLayer?: unknown }) | null;
  if (!view) {
    return;
  }
  if (view.dataLayer === undefined) {
    view.dataLayer = [];
  }
  const layer = view.dataLayer as { push?: unknown } | null;
  if (layer !== null && typeof layer === 'object' && typeof layer.push === 'function') {
    (layer.push as (value: FunnelEvent) => void).call(layer, entry);
  }
}

/**
 * Pushes each funnel step of one element to `window.dataLayer` while `analytics="datalayer"`
 * is set: `voice_assistant_open` once, at the visitor's first Talk or Type instead; the
 * disclosure's answer; each call's start and end (with its length in whole seconds); the first
 * line typed in the chat outside a call; and each error's code. Returns a function that stops
 * watching.
 */
export function watchFunnel(sources: FunnelSources): () => void {
  const { host, calls, chat, consent } = sources;
  const push = (entry: FunnelEvent): void => {
    if (sources.enabled()) {
      pushToDataLayer(host, entry);
    }
  };
  let opened = false;
  let chatStarted = false;
  let asking = consent.getSnapshot().asking !== null;
  let callStartedAt: number | null = null;
  const open = (): void => {
    if (!opened) {
      opened = true;
      push({ event: 'voice_assistant_open' });
    }
  };
  const onCalls = (): void => {
    if (calls.getSnapshot().state !== 'idle') {
      open();
    }
  };
  const onChat = (): void => {
    const snapshot = chat.getSnapshot();
    if (snapshot.open) {
      open();
    }
    const typed = snapshot.chat.entries.some((entry) => entry.role === 'user' && entry.typed);
    if (typed && !chatStarted && callStartedAt === null) {
      chatStarted = true;
      open();
      push({ event: 'voice_assistant_chat_start' });
    }
  };
  const onConsent = (): void => {
    const now = consent.getSnapshot().asking !== null;
    if (now && !asking) {
      open();
    } else if (!now && asking) {
      const answer = consent.agreed() ? 'accepted' : 'declined';
      push({ event: 'voice_assistant_consent', consent: answer });
    }
    asking = now;
  };
  const onCallStart = (): void => {
    callStartedAt = sources.now();
    push({ event: 'voice_assistant_call_start' });
  };
  const onCallEnd = (): void => {
    const started = callStartedAt;
    callStartedAt = null;
    const ms = started === null ? 0 : sources.now() - started;
    push({
      event: 'voice_assistant_call_end',
      duration_seconds: Math.max(0, Math.round(ms / 1000)),
    });
  };
  const onError = (event: Event): void => {
    const code = (event as CustomEvent<{ code?: unknown }>).detail?.code;
    push({ event: 'voice_assistant_error', code: typeof code === 'string' ? code : 'unknown' });
  };
  const stops = [calls.subscribe(onCalls), chat.subscribe(onChat), consent.subscribe(onConsent)];
  // Loaded after the UI: a Talk, Type instead or disclosure already under way is the open.
  if (asking) {
    open();
  }
  onCalls();
  onChat();
  host.addEventListener('voice-assistant:call-start', onCallStart);
  host.addEventListener('voice-assistant:call-end', onCallEnd);
  host.addEventListener('voice-assistant:error', onError);
  return () => {
    for (const stop of stops) {
      stop();
    }
    host.removeEventListener('voice-assistant:call-start', onCallStart);
    host.removeEventListener('voice-assistant:call-end', onCallEnd);
    host.removeEventListener('voice-assistant:error', onError);
  };
}

/**
 * What the funnel reads of the widget's application (`WidgetApp` has it all), named here so that
 * the chunk does not import `widget-app.ts`, which loads it.
 */
export interface FunnelApp {
  readonly bridge: Pick<UiBridge, 'host'>;
  readonly config: WidgetConfigStore;
  readonly calls: Observable<{ state: string }>;
  readonly chat: Observable<ChatView>;
  readonly consent: Pick<ConsentGate, 'subscribe' | 'getSnapshot' | 'current'>;
}

/**
 * The funnel of one widget's application, wired here rather than in `widget-app.ts` so that
 * pages without `analytics="datalayer"` carry none of the wiring either (the after-click budget).
 */
export function watchAppFunnel({ bridge, config, calls, chat, consent }: FunnelApp): () => void {
  return watchFunnel({
    host: bridge.host,
    enabled: () => config.get().analytics === 'datalayer',
    calls,
    chat,
    consent: {
      subscribe: consent.subscribe,
      getSnapshot: consent.getSnapshot,
      agreed: () => consent.current() !== null,
    },
    now: () => performance.now(),
  });
}
