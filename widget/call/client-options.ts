import { type AudioContextFactory, browserAudioContext } from './audio-context.ts';
import { DEFAULT_JOIN_TIMEOUT_MS, NOISE_CANCELLATION_DEFAULT } from './call-constants.ts';
import { CallError } from './call-error.ts';
import { dailyTransportFactory, preloadDaily } from './daily-transport.ts';
import type { MicrophoneSource } from './microphone-stream.ts';
import type { PlatformWebCallOptions } from './platform/platform-web-call.ts';
import type { RoomSettings } from './room-options.ts';
import type { StartSettings, WebCallCreator } from './start-sequence.ts';
import type { CallTransportFactory } from './transport.ts';

/** How a `CallClient` is built. Everything but the key (or a `createWebCall`) is optional. */
export interface CallClientOptions extends RoomSettings {
  /** The platform public key; required unless `createWebCall` is given. */
  publicKey?: string;
  /** The API host for POST /call/web. */
  apiBaseUrl?: string;
  /** Creates the room object; default: daily-js, loaded lazily on the first start. */
  transportFactory?: CallTransportFactory;
  /** Creates the web call; default: the API client's POST /call/web with `publicKey`. */
  createWebCall?: WebCallCreator;
  /** Our own bound on joining the room (default 15000 ms). */
  joinTimeoutMs?: number;
  /** Noise cancellation (docs/behaviour.md#constants: on by default). */
  noiseCancellation?: boolean;
  /** Where the microphone comes from; default `navigator.mediaDevices`. */
  mediaDevices?: MicrophoneSource;
  /** Decides the mobile wait before join; default `navigator.userAgent`. */
  userAgent?: string;
  /** The clock for stage durations and speech timing; default `performance.now()`. */
  now?: () => number;
  /** Creates the AudioContext of `increaseMicLevel`; default `new AudioContext()`. */
  audioContextFactory?: AudioContextFactory;
}

/** Every option with its default filled in. */
export interface ClientSettings extends StartSettings {
  audioContextFactory: AudioContextFactory;
  /** Starts loading the lazy default modules (daily-js, the API client) at the click. */
  warmUp: () => void;
}

/**
 * The lazy boundary of the `platform-web-call` chunk (docs/architecture.md, the chunk map): the
 * API client's POST /call/web, fetched ahead of the first real call.
 */
const loadPlatformWebCall = () => import('./platform/platform-web-call.ts');

/**
 * Fetches the API client's web-call module ahead of the first start. A UI calls it when the
 * visitor shows intent, so a visitor whose microphone is already allowed (the prompt then
 * resolves in milliseconds) never waits for this chunk between the grant and POST /call/web
 * (bench/talk-latency.bench.ts). A failure is ignored here; the start retries and reports it.
 */
export function preloadPlatformWebCall(): void {
  loadPlatformWebCall().catch(() => undefined);
}

/**
 * The default `createWebCall`, loaded on the first start: pages that never start a call (or
 * that inject their own `createWebCall`, like the offline demo) never download the API client.
 * A failed download is forgotten, so the next start tries again.
 */
function lazyPlatformWebCall(options: PlatformWebCallOptions) {
  let creator: Promise<WebCallCreator> | undefined;
  const load = () => {
    creator ??= loadPlatformWebCall().then(
      (module) => module.createPlatformWebCall(options),
      (error: unknown) => {
        creator = undefined;
        throw error;
      },
    );
    return creator;
  };
  const createWebCall: WebCallCreator = async (payload, signal) => (await load())(payload, signal);
  return { createWebCall, preload: () => void load().catch(() => undefined) };
}

const nav = (): Navigator | undefined => (typeof navigator === 'undefined' ? undefined : navigator);

/**
 * Fills in the defaults. Without `createWebCall`, the client gets its own API core for
 * `publicKey` (no module-level client, so two instances never share a key).
 */
export function resolveSettings(options: CallClientOptions): ClientSettings {
  const { publicKey, apiBaseUrl, ...rest } = options;
  const platform =
    rest.createWebCall || !publicKey
      ? null
      : lazyPlatformWebCall({ publicKey, ...(apiBaseUrl && { apiBaseUrl }) });
  const createWebCall = rest.createWebCall ?? platform?.createWebCall;
  if (!createWebCall) {
    throw CallError.validation('A public key (or a createWebCall function) is required.');
  }
  const transportFactory = rest.transportFactory ?? dailyTransportFactory;
  return {
    ...rest,
    createWebCall,
    transportFactory,
    mediaDevices: rest.mediaDevices ?? nav()?.mediaDevices,
    userAgent: rest.userAgent ?? nav()?.userAgent ?? '',
    joinTimeoutMs: rest.joinTimeoutMs ?? DEFAULT_JOIN_TIMEOUT_MS,
    noiseCancellation: rest.noiseCancellation ?? NOISE_CANCELLATION_DEFAULT,
    now: rest.now ?? (() => performance.now()),
    audioContextFactory: rest.audioContextFactory ?? browserAudioContext,
    warmUp: () => {
      platform?.preload();
      if (transportFactory === dailyTransportFactory) {
        void preloadDaily();
      }
    },
  };
}
