import type { ApiSession } from './inbox-api.ts';

/** One Server-Sent Event as received. */
export interface LiveMessage {
  event: string;
  data: string;
  at: number;
}

/** An open `GET /api/live` stream, read as the inbox's EventSource would. */
export interface LiveStream {
  readonly status: number;
  readonly messages: LiveMessage[];
  /** Resolves the first message (already received or to come) that `match` accepts. */
  next(match: (m: LiveMessage) => boolean, ms?: number): Promise<LiveMessage>;
  /** Resolves when the desk ends the stream. */
  readonly ended: Promise<void>;
  close(): void;
}

/** Opens the live stream as `session`; resolves once its `ready` event arrived (or it failed). */
export async function openLive(url: string, session: ApiSession): Promise<LiveStream> {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/live`, {
    headers: { cookie: session.cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const messages: LiveMessage[] = [];
  const waiters = new Set<() => void>();
  const heard = () => {
    for (const wake of waiters) {
      wake();
    }
  };
  const ended = (async () => {
    if (!response.body) {
      return;
    }
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) {
          break;
        }
        buffer += decoder.decode(value, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut !== -1) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields = block.split('\n').filter((l) => !l.startsWith(':'));
          const event =
            fields
              .find((l) => l.startsWith('event:'))
              ?.slice(6)
              .trim() ?? 'message';
          const data = fields
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5).trimStart())
            .join('\n');
          if (fields.length > 0) {
            messages.push({ event, data, at: Date.now() });
            heard();
          }
          cut = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted by close().
    }
    heard();
  })();
  let done = false;
  ended.then(() => {
    done = true;
  });
  const next = (match: (m: LiveMessage) => boolean, ms = 5000) =>
    new Promise<LiveMessage>((resolve, reject) => {
      const check = () => {
        const found = messages.find(match);
        if (found) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        } else if (done) {
          waiters.delete(check);
          clearTimeout(timer);
          reject(new Error('the live stream ended'));
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching live event within ${ms} ms`));
      }, ms);
      waiters.add(check);
      check();
    });
  const stream: LiveStream = {
    status: response.status,
    messages,
    next,
    ended,
    close: () => controller.abort(),
  };
  if (response.status === 200) {
    await next((m) => m.event === 'ready');
  }
  return stream;
}

/** Whether a `leads` event names `id`. */
export function names(id: string): (m: LiveMessage) => boolean {
  return (m) => m.event === 'leads' && (JSON.parse(m.data) as { ids: string[] }).ids.includes(id);
}
