/**
 * Hearing a channel's NOTIFY (docs/desk.md#storage): the live inbox's way across desks. On a
 * PostgreSQL server a connection of its own holds the LISTEN, outside the pool, and comes back
 * after the server drops it; PGlite (one process) hears its own notifications in-process.
 */

/** Stops listening. */
export type Unlisten = () => Promise<void>;

/** Calls `onPayload` with each notification's payload on `channel`, until unlistened. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<Unlisten>;

/** How long a dropped LISTEN connection waits before it connects again. */
const RECONNECT_MS = 1000;

/** A {@link Listen} on the server at `url`: one connection per channel, reconnecting. */
export function serverListen(url: string): Listen {
  return async (channel, onPayload) => {
    const { default: pg } = await import('pg');
    let stopped = false;
    let client: InstanceType<typeof pg.Client> | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    const quoted = `"${channel.replace(/"/g, '""')}"`;
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      const again = () => {
        next.removeAllListeners();
        next.on('error', () => undefined);
        next.end().catch(() => undefined);
        if (!stopped && retry === null) {
          retry = setTimeout(() => {
            retry = null;
            connect().catch(() => undefined);
          }, RECONNECT_MS);
          retry.unref?.();
        }
      };
      next.on('error', again);
      next.on('end', again);
      next.on('notification', (message) => {
        if (message.channel === channel) {
          onPayload(message.payload ?? '');
        }
      });
      try {
        await next.connect();
        await next.query(`listen ${quoted}`);
        client = next;
      } catch {
        again();
      }
    };
    await connect();
    return async () => {
      stopped = true;
      if (retry) {
        clearTimeout(retry);
      }
      const held = client;
      client = null;
      held?.removeAllListeners();
      held?.on('error', () => undefined);
      await held?.end().catch(() => undefined);
    };
  };
}
