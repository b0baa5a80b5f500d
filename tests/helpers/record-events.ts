import type { CallClient } from '../../widget/call/call-client.ts';
import type { CallError } from '../../widget/call/call-error.ts';
import type { CallEventName, CallEvents, StageReport } from '../../widget/call/events.ts';

// Records everything a CallClient emits, in order, so tests compare the whole sequence with
// toEqual([...]) rather than an end state (à la LiveKit's subscribeToEvents).

/** Every event name of CallEvents; the mapped type makes a forgotten event a compile error. */
const EVERY_EVENT: { [K in CallEventName]: true } = {
  'state-change': true,
  'call-start-progress': true,
  'call-start-success': true,
  'call-start-failed': true,
  'call-start': true,
  'call-end': true,
  'speech-start': true,
  'speech-end': true,
  'volume-level': true,
  message: true,
  error: true,
  'camera-error': true,
  'network-quality-change': true,
  'network-connection': true,
  video: true,
};
export const ALL_CALL_EVENTS = Object.keys(EVERY_EVENT) as CallEventName[];

export interface RecordedEvent {
  event: CallEventName;
  args: unknown[];
}

function describeError(error: CallError): string {
  return error.stage ? `${error.code}@${error.stage}` : error.code;
}

function describeReport(report: StageReport): string {
  const base = `stage:${report.stage}:${report.status}`;
  if (report.reason) {
    return `${base}(${report.reason})`;
  }
  return report.error ? `${base}(${report.error.code})` : base;
}

/** One readable line per event: `state:starting`, `stage:web-call-creation:completed`… */
export function describeEvent({ event, args }: RecordedEvent): string {
  const [first] = args;
  switch (event) {
    case 'state-change':
      return `state:${String(first)}`;
    case 'call-start-progress':
      return describeReport(first as StageReport);
    case 'call-start-failed': {
      const failure = first as Parameters<CallEvents['call-start-failed']>[0];
      return `call-start-failed:${failure.stage}(${failure.error.code})`;
    }
    case 'error':
      return `error:${describeError(first as CallError)}`;
    case 'message': {
      const message = first as { type: string; status?: string; endedReason?: string };
      return message.type === 'status-update'
        ? `message:status-update:${message.status}:${message.endedReason ?? ''}`
        : `message:${message.type}`;
    }
    case 'volume-level':
      return `volume:${Number(first).toFixed(2)}`;
    default:
      return event;
  }
}

/** Subscribes to `events` (all by default) and keeps the ordered log. */
export function recordEvents(
  client: CallClient,
  events: readonly CallEventName[] = ALL_CALL_EVENTS,
) {
  const log: RecordedEvent[] = [];
  const offs: Array<() => void> = [];
  for (const event of events) {
    const listener = (...args: unknown[]) => {
      log.push({ event, args });
    };
    client.on(event, listener as CallEvents[typeof event]);
    offs.push(() => client.off(event, listener as CallEvents[typeof event]));
  }
  return {
    log,
    /** The readable lines of everything recorded so far. */
    lines: (): string[] => log.map(describeEvent),
    /** The readable lines, leaving out the given events (e.g. `volume-level`). */
    linesWithout: (...skip: CallEventName[]): string[] =>
      log.filter((entry) => !skip.includes(entry.event)).map(describeEvent),
    /** The first argument of each time `event` fired. */
    payloads<K extends CallEventName>(event: K): Parameters<CallEvents[K]>[0][] {
      return log
        .filter((entry) => entry.event === event)
        .map((entry) => entry.args[0] as Parameters<CallEvents[K]>[0]);
    },
    /** Every stage report, in order. */
    reports: (): StageReport[] =>
      log.filter((e) => e.event === 'call-start-progress').map((e) => e.args[0] as StageReport),
    clear(): void {
      log.length = 0;
    },
    stop(): void {
      for (const off of offs.splice(0)) {
        off();
      }
    },
  };
}

export type EventRecorder = ReturnType<typeof recordEvents>;
