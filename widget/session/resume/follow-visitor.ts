// Over 300 lines as one concept: following the visitor across pages is one lifecycle (keep the
// live call or chat as the page goes, rejoin it on the next, tell a changed listing), and its
// steps share the record and the timers that make it.
import type { CallOptionsOverride, UiBridge, WidgetConfigStore } from '../../element/bridge.ts';
import { LIVE_CONVERSATION_KEY } from '../../element/live-conversation.ts';
import type { CallController } from '../call-controller.ts';
import type { ChatController } from '../chat/chat-controller.ts';
import type { ConsentGate } from '../consent-gate.ts';
import type { ConversationLeads } from '../conversation-leads.ts';
import { loadDemoOptions } from '../load-demo-call.ts';
import type { TextStore } from '../text-store.ts';
import { chatLines, chatRecord } from './chat-record.ts';
import {
  callRecord,
  type LiveCallRecord,
  type LiveChatRecord,
  type LiveRecord,
  listingNote,
  mayResume,
  readRecord,
  resumeSeconds,
} from './resume-record.ts';
import { RESUME_TEXTS } from './resume-texts.ts';

/**
 * What following the visitor reads of the widget's application (`WidgetApp` has it all), named
 * here so that the chunk does not import `widget-app.ts`, which loads it.
 */
export interface FollowedApp {
  readonly bridge: Pick<UiBridge, 'host'>;
  readonly config: WidgetConfigStore;
  readonly texts: Pick<TextStore, 'language' | 'texts'>;
  readonly calls: CallController;
  readonly chat: ChatController;
  readonly consent: ConsentGate;
  readonly leads: Pick<ConversationLeads, 'readListing'>;
}

/** What following the visitor needs besides the widget: injected so tests drive the clock. */
export interface FollowDeps {
  /** The tab's `sessionStorage` (null when the browser blocks it). */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** Where `pagehide` and `pageshow` arrive. */
  window: Pick<Window, 'addEventListener'>;
  now(): number;
}

const followed = new WeakSet<FollowedApp>();

function sessionStorageOf(view: Window | null): Storage | null {
  try {
    return view?.sessionStorage ?? null;
  } catch {
    return null; // blocked by the browser's privacy settings
  }
}

/** Storage may throw (full, or blocked): a call that cannot be kept just ends with the page. */
function quietly(run: () => void): void {
  try {
    run();
  } catch {
    // nothing kept: the next page starts afresh
  }
}

/**
 * The conversation follows the visitor (docs/behaviour.md#resume): a call live when the page
 * goes away (or else a typed chat under way) is kept in `sessionStorage`, the next page of the
 * tab with the widget rejoins it within `resume-seconds` (the call tells the assistant where the
 * visitor is now; the chat opens again, to go on typing), and a listing that
 * changes without a navigation is told the same way. Once per widget.
 */
export function followVisitor(app: FollowedApp, deps?: FollowDeps): void {
  if (followed.has(app)) {
    return;
  }
  followed.add(app);
  const view = app.bridge.host.ownerDocument.defaultView;
  const using = deps ?? {
    storage: sessionStorageOf(view),
    window: view ?? globalThis,
    now: () => Date.now(),
  };
  new VisitorFollower(app, using).begin();
}

class VisitorFollower {
  readonly #app: FollowedApp;
  readonly #deps: FollowDeps;
  /** The last page the assistant was told about (or that the call started on). */
  #told: string | null = null;
  #reading = false;
  /** The page changed again while it was being read: read it once more, tell only the last. */
  #again = false;

  constructor(app: FollowedApp, deps: FollowDeps) {
    this.#app = app;
    this.#deps = deps;
  }

  get #calls(): CallController {
    return this.#app.calls;
  }

  get #host(): HTMLElement {
    return this.#app.bridge.host;
  }

  #seconds(): number {
    return resumeSeconds(this.#host.getAttribute('resume-seconds'));
  }

  begin(): void {
    const { storage, window } = this.#deps;
    let record: LiveRecord | null = null;
    quietly(() => {
      // Claimed at once: a second widget on the page, or a reload now, finds nothing.
      record = readRecord(storage?.getItem(LIVE_CONVERSATION_KEY));
      storage?.removeItem(LIVE_CONVERSATION_KEY);
    });
    window.addEventListener('pagehide', () => this.#keep());
    // Back from the back-forward cache: this page never left, its call is its own.
    window.addEventListener('pageshow', (event) => {
      if ((event as PageTransitionEvent).persisted) {
        quietly(() => storage?.removeItem(LIVE_CONVERSATION_KEY));
      }
    });
    this.#app.config.subscribe(() => this.#pageChanged());
    const view = this.#host.ownerDocument.defaultView;
    if (view?.MutationObserver) {
      // `listing="auto"` reads JSON-LD, which a single-page app rewrites in place.
      new view.MutationObserver(() => {
        // Only `listing="auto"` reads the page (its JSON-LD); attributes arrive through the store.
        if (this.#host.getAttribute('listing')?.trim().toLowerCase() === 'auto') {
          this.#pageChanged();
        }
      }).observe(this.#host.ownerDocument, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    }
    // The page a call starts on (or is live on when this loads) is the one the assistant knows.
    const started = (): void => {
      const { state } = this.#calls.getSnapshot();
      if (state === 'active' && this.#told === null) {
        // Known at once to be a call on this page; its words follow (a change meanwhile wins).
        this.#told = '';
        void this.#note().then((note) => {
          if (this.#told === '') {
            this.#told = note;
          }
        });
      } else if (state === 'idle') {
        this.#told = null;
      }
    };
    this.#calls.subscribe(started);
    started();
    if (record) {
      void this.#resume(record);
    }
  }

  /**
   * The page is going away: a live call, or else a typed chat under way, is kept for the next
   * page, without personal data unless the disclosure was agreed.
   */
  #keep(): void {
    const seconds = this.#seconds();
    if (seconds === 0) {
      return;
    }
    const until = this.#deps.now() + seconds * 1000;
    const room = this.#calls.client?.room;
    const record =
      this.#calls.getSnapshot().state === 'active' && room
        ? callRecord(room, this.#calls.conversation.getSnapshot().lines, {
            until,
            demo: this.#app.config.get().demo,
            keepLines: this.#mayKeepLines(),
          })
        : this.#app.chat.live()
          ? chatRecord(this.#app.chat.getSnapshot().chat, until, this.#mayKeepLines())
          : null;
    if (record) {
      quietly(() => this.#deps.storage?.setItem(LIVE_CONVERSATION_KEY, JSON.stringify(record)));
    }
  }

  /** Whether the transcript may stay on the device: only with the disclosure agreed. */
  #mayKeepLines(): boolean {
    return this.#app.config.get().consent !== null && this.#app.consent.current() !== null;
  }

  /** A typed chat the last page left: the box again, its lines, and the next line continues it. */
  #resumeChat(record: LiveChatRecord): void {
    if (mayResume(record, this.#deps.now(), this.#seconds())) {
      this.#app.chat.resume(record.thread, chatLines(record));
    }
  }

  async #resume(record: LiveRecord): Promise<void> {
    if (record.kind === 'chat') {
      this.#resumeChat(record);
      return;
    }
    if (!mayResume(record, this.#deps.now(), this.#seconds())) {
      this.#ended();
      return;
    }
    const config = this.#app.config.get();
    const room = record.room;
    const options: CallOptionsOverride = record.demo
      ? await loadDemoOptions(config.assistantName, record.heardLines)
      : {
          // The same call: its room, not a new web call.
          createWebCall: async () => ({
            ...(room.id && { id: room.id }),
            webCallUrl: room.url,
            ...(room.token && { transport: { callUrl: room.url, callToken: room.token } }),
          }),
        };
    // Through the element's own `callOptions` (read at each start), for this start only.
    const host = this.#host as HTMLElement & { callOptions?: CallOptionsOverride };
    const own = host.callOptions;
    host.callOptions = { ...own, ...options };
    const starting = this.#calls.start();
    if (this.#calls.getSnapshot().state === 'connecting') {
      this.#replay(record);
    }
    await starting;
    host.callOptions = own;
    if (this.#calls.getSnapshot().state !== 'active') {
      this.#ended();
      return;
    }
    if (this.#calls.conversation.getSnapshot().lines.length === 0) {
      this.#replay(record); // the disclosure was asked first: the start cleared the lines
    }
    const note = await this.#note();
    this.#tell(note);
  }

  /** Shows the transcript kept from the last page again. */
  #replay(record: LiveCallRecord): void {
    for (const line of record.lines ?? []) {
      this.#calls.conversation.message({
        type: 'transcript',
        transcriptType: 'final',
        role: line.role === 'assistant' ? 'assistant' : 'user',
        ...(line.role === 'sample-visitor' && { sample: true }),
        transcript: line.text,
        timestamp: line.at,
      });
    }
  }

  /** Resuming failed (too late, or the call is over): say so, and offer Talk again. */
  #ended(): void {
    const words = RESUME_TEXTS[this.#app.texts.language];
    const { config, texts } = this.#app;
    config.setTexts({ ...texts.texts.labels, idle: words.talkAgain }, () => words.talkAgain);
    this.#calls.notice(words.ended);
    const restore = this.#calls.subscribe(() => {
      if (this.#calls.getSnapshot().state !== 'idle') {
        restore();
        config.setTexts(texts.texts.labels, texts.texts.talkTo);
      }
    });
  }

  async #note(): Promise<string> {
    const { listing } = await this.#app.leads.readListing();
    return listingNote(listing, this.#host.ownerDocument.title);
  }

  /**
   * The listing may have changed without a navigation: tell the assistant when it did. One
   * reading at a time: a page that changes often is read again once the last reading is done.
   */
  #pageChanged(): void {
    if (this.#calls.getSnapshot().state !== 'active' || this.#told === null) {
      return;
    }
    if (this.#reading) {
      this.#again = true;
      return;
    }
    this.#reading = true;
    void this.#note()
      .then((note) => {
        if (!this.#again && note !== this.#told && this.#calls.getSnapshot().state === 'active') {
          this.#tell(note);
        }
      })
      .finally(() => {
        this.#reading = false;
        if (this.#again) {
          this.#again = false;
          this.#pageChanged();
        }
      });
  }

  #tell(note: string): void {
    this.#told = note;
    try {
      this.#calls.client?.send({
        type: 'add-message',
        message: { role: 'system', content: note },
        triggerResponseEnabled: false,
      });
    } catch {
      // The call ended meanwhile: there is no one to tell.
    }
  }
}
