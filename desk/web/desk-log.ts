import pino, { type Logger } from 'pino';

/** How long a log line may wait in the buffer before it is written. */
const FLUSH_EVERY_MS = 250;
/** Lines are written once this many bytes wait (about 20 request lines). */
const WRITE_AT_BYTES = 4096;

/**
 * The desk's logger: JSON lines to standard output (docs/desk.md#logs), written in batches.
 * Pino's default destination writes each line on its own, and at a few hundred requests a
 * second those writes were a tenth of a millisecond of every capture (issue 31 #13). Lines wait
 * until 4 kB are buffered or a quarter of a second has passed, whichever comes first; pino
 * writes what waits when the process exits, and {@link flushDeskLog} when the desk stops.
 */
export function deskLogger(level: string): Logger {
  const destination = pino.destination({ dest: 1, sync: false, minLength: WRITE_AT_BYTES });
  // Only a turn with lines waiting writes: an idle desk makes no call.
  let waiting = false;
  const timer = setInterval(() => {
    if (waiting) {
      waiting = false;
      flushQuietly(destination);
    }
  }, FLUSH_EVERY_MS);
  timer.unref();
  destination.on('close', () => clearInterval(timer));
  return pino(
    {
      level,
      base: { service: 'desk' },
      hooks: {
        streamWrite(line) {
          waiting = true;
          return line;
        },
      },
    },
    destination,
  );
}

/** Writes what the logger holds (a stopping desk's last lines). */
export function flushDeskLog(log: Logger): void {
  try {
    log.flush();
  } catch {
    // A destination that cannot take more (stdout closed) has nothing to give.
  }
}

function flushQuietly(destination: { flush(cb?: (error?: Error) => void): void }): void {
  try {
    destination.flush();
  } catch {
    // Not ready yet, or being written: the next turn writes it.
  }
}
