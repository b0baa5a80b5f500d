import { createFakeDaily, speakerParticipant } from '../tests/helpers/fake-daily.ts';
import type { CallClientOptions } from '../widget/call/client-options.ts';

/**
 * Browser side of bench/talk-latency.bench.ts, served as JavaScript on the bench page. It
 * stamps, with the page's own clock (`performance.now()`):
 * - the Talk click, in a capture listener on window (it runs before the widget's handler);
 * - POST /call/web leaving (`fetch` invoked) and its response arriving (`fetch` resolved), by
 *   wrapping `window.fetch`, which the API client looks up at each request;
 * - `join()` being called on the room (the call helper's fake room, joined in the next task);
 * - the `listening` app message, sent in the same task that completes the join: the earliest
 *   moment a server could say it, so everything the widget still does after it is measured;
 * - the first animation frame after the talk button's label became the active label (Stop).
 * Only the room is faked: the loader, the UI chunk, the call client and the API client are the
 * built files, and the web call goes to a real HTTP server on 127.0.0.1.
 */
export interface TalkStamps {
  click: number;
  requestSent: number;
  responseArrived: number;
  joinCalled: number;
  listening: number;
  /** When the label turned into Stop (a DOM mutation), and the frame after it. */
  stopInDom: number;
  stopPainted: number;
  /** Diagnostics: the microphone preflight, and the API client chunk's download. */
  micRequested?: number;
  micGranted?: number;
  apiChunkRequested?: number;
  apiChunkLoaded?: number;
}

/** What the bench reads from the page. */
export interface TalkProbe {
  /** Resolves once the UI chunk has replaced the loader's button (after the hover). */
  uiMounted: Promise<void>;
  /** Clears the stamps for the next click; the widget must be idle. */
  arm(): void;
  /** After `arm()`: resolves with the stamps once Stop has been painted after `listening`. */
  result: Promise<TalkStamps> | null;
  /** Stamps taken so far (for a diagnostic when a run times out). */
  stamps: Partial<TalkStamps>;
}

declare global {
  interface Window {
    talkProbe: TalkProbe;
  }
}

const WEB_CALL_PATH = '/call/web';
const ACTIVE_LABEL = 'Stop';

let stamps: Partial<TalkStamps> = {};
const now = () => performance.now();

const originalFetch = window.fetch.bind(window);
window.fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  if (!url.includes(WEB_CALL_PATH)) {
    return originalFetch(input, init);
  }
  stamps.requestSent ??= now();
  return originalFetch(input, init).then((response) => {
    stamps.responseArrived ??= now();
    return response;
  });
};

const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
navigator.mediaDevices.getUserMedia = (constraints) => {
  stamps.micRequested ??= now();
  return getUserMedia(constraints).then((stream) => {
    stamps.micGranted ??= now();
    return stream;
  });
};

/** Read after the run, so no observer callback runs inside the measured steps. */
function readApiChunkTiming(): void {
  const entry = performance
    .getEntriesByType('resource')
    .find((e) => /\/platform-web-call-[\w-]+\.js$/.test(e.name)) as
    | PerformanceResourceTiming
    | undefined;
  if (entry && entry.startTime >= (stamps.click ?? 0)) {
    stamps.apiChunkRequested = entry.startTime;
    stamps.apiChunkLoaded = entry.responseEnd;
  }
}

window.addEventListener(
  'click',
  () => {
    stamps.click ??= now();
  },
  { capture: true },
);

const daily = createFakeDaily({ present: [speakerParticipant()], join: { kind: 'hang' } });
const transportFactory: CallClientOptions['transportFactory'] = async (options) => {
  const transport = await daily.factory(options);
  const join = transport.join.bind(transport);
  transport.join = (properties) => {
    stamps.joinCalled ??= now();
    const joined = join(properties);
    // A new task, as a network answer would be; `listening` follows in that same task.
    setTimeout(() => {
      daily.room.finishJoin();
      stamps.listening ??= now();
      daily.room.appMessage('listening');
    }, 0);
    return joined;
  };
  return transport;
};

const element = document.querySelector('voice-assistant');
if (!element) {
  throw new Error('The bench page has no <voice-assistant>.');
}
(element as Element & { callOptions?: Partial<CallClientOptions> }).callOptions = {
  transportFactory,
};

function talkButton(): HTMLButtonElement | null | undefined {
  return element?.shadowRoot?.querySelector<HTMLButtonElement>('.ui button.button');
}

/** Resolves when `test` holds, checked after every DOM change in the widget's shadow root. */
function whenDom(test: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const root = element?.shadowRoot;
    if (!root) {
      throw new Error('The widget has no shadow root.');
    }
    if (test()) {
      resolve();
      return;
    }
    const observer = new MutationObserver(() => {
      if (test()) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe(root, { subtree: true, childList: true, characterData: true });
  });
}

const uiMounted = whenDom(() => talkButton() != null);

function armed(): Promise<TalkStamps> {
  stamps = {};
  return uiMounted
    .then(() => whenDom(() => talkButton()?.textContent === ACTIVE_LABEL))
    .then(() => {
      stamps.stopInDom = now();
      return new Promise<TalkStamps>((resolve) => {
        requestAnimationFrame(() => {
          stamps.stopPainted = now();
          readApiChunkTiming();
          resolve(stamps as TalkStamps);
        });
      });
    });
}

window.talkProbe = {
  uiMounted,
  arm() {
    this.result = armed();
  },
  result: null,
  get stamps() {
    return stamps;
  },
};
