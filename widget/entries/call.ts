/**
 * The public surface of the call client (`<package>/call`), listed once: the framework-free web
 * call client, its errors, events and transport seam, and the offline demo assistant's options.
 * Importing it has no side effects and touches no DOM global.
 *
 * @packageDocumentation
 */

/**
 * Options, start input, state and the web-call creation seam of {@link CallClient} (its body and
 * response types, `WebCallBody` and `WebCallResponse`, are the API client's: `<package>/api`).
 */
export type {
  CallClientOptions,
  CallState,
  StartCallInput,
  WebCallCreator,
} from '../call/call-client.ts';
/**
 * Framework-free web call client: creates the web call, joins the room through a transport
 * (daily-js by default, loaded lazily), reports staged start timings, speech and volume, and
 * exchanges typed app messages. See the README's "Call client" section for events and stages.
 */
export { CallClient } from '../call/call-client.ts';
/** The error catalogue of the call client (docs/behaviour.md#errors plus microphone and message errors). */
export type { CallErrorCode } from '../call/call-error.ts';
/** Errors of the call client; `code` is one of the catalogue's {@link CallErrorCode}s. */
export { CallError } from '../call/call-error.ts';
/** The call client's event map and the payloads of its start reports. */
export type {
  CallEvents,
  CallStartFailed,
  CallStartSuccess,
  StageReport,
  StartStage,
} from '../call/events.ts';
/** Messages the server sends during a call, and messages a client may send to it. */
export type { ClientInboundMessage, ClientMessage } from '../call/message-types.ts';
/** The ordered start stages, from `initialization` to `success`. */
export { START_STAGES } from '../call/start-stages.ts';

/** The transport seam: the part of daily-js's `DailyCall` the client uses, and its factory. */
export type { CallTransport, CallTransportFactory } from '../call/transport.ts';
/** What {@link demoCallOptions} returns: the demo's part of `CallClientOptions`. */
export type { DemoCallOptions } from '../demo/demo-call.ts';
/**
 * `CallClient` options for the offline demo assistant: no key, no network, a recorded voice.
 * Tree-shaken away when unused.
 */
export { demoCallOptions } from '../demo/demo-call.ts';
