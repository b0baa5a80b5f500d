import { useCallback, useEffect, useState } from 'react';
import type { AnswerOf, ApiRoute } from '../../route-table.ts';
import { isAbort, type RequestInput, routeUrl, send } from './api.ts';

/** What a page knows of one GET route's answer. */
export interface InboxData<T> {
  status: 'loading' | 'failed' | 'ready';
  /** The latest answer: kept while the next one loads and after a failure, null before any. */
  data: T | null;
  /** Why the last request failed (an InboxApiError, or a network error) while `failed`. */
  error: unknown;
  /** Asks again (the same address). */
  retry: () => void;
  /** A newer copy of the answer, from a change the page made or a page it appended. */
  set: (update: T | ((current: T | null) => T)) => void;
  /** Marks the answer as failed (e.g. the session is gone: a 401 from elsewhere). */
  fail: (error: unknown) => void;
}

interface State<T> {
  status: InboxData<T>['status'];
  data: T | null;
  error: unknown;
  attempt: number;
}

/**
 * The one way a page reads from the desk: the route's answer for `input`, loaded again whenever
 * the address it makes changes (a newer request aborts the older one), with `retry`, `set` and
 * `fail` for the page's own changes. With `knownFailure`, the answer starts failed with that
 * error and nothing is asked until `retry` or a new address.
 */
export function useInboxData<R extends ApiRoute & { method: 'GET' }>(
  route: R,
  input: RequestInput<R>,
  options: { quietUnauthorized?: boolean; knownFailure?: unknown } = {},
): InboxData<AnswerOf<R>> {
  const url = routeUrl(route, input);
  const quiet = options.quietUnauthorized ?? false;
  const [state, setState] = useState<State<AnswerOf<R>>>(() => ({
    status: options.knownFailure === undefined ? 'loading' : 'failed',
    data: null,
    error: options.knownFailure ?? null,
    attempt: 0,
  }));
  const { attempt } = state;
  // The first address is not asked when its failure is known (read once, as the state above).
  const [skipUrl] = useState(options.knownFailure === undefined ? null : url);

  // `attempt` is the retry: a new attempt asks the same address again.
  useEffect(() => {
    if (attempt === 0 && url === skipUrl) {
      return;
    }
    const controller = new AbortController();
    setState((s) => (s.status === 'loading' ? s : { ...s, status: 'loading', error: null }));
    send<AnswerOf<R>>('GET', url, undefined, {
      signal: controller.signal,
      quietUnauthorized: quiet,
    })
      .then((data) => setState((s) => ({ ...s, status: 'ready', data, error: null })))
      .catch((error: unknown) => {
        if (!isAbort(error)) {
          setState((s) => ({ ...s, status: 'failed', error }));
        }
      });
    return () => controller.abort();
  }, [url, quiet, attempt, skipUrl]);

  const retry = useCallback(() => setState((s) => ({ ...s, attempt: s.attempt + 1 })), []);
  const set = useCallback(
    (update: AnswerOf<R> | ((current: AnswerOf<R> | null) => AnswerOf<R>)) => {
      setState((s) => ({
        ...s,
        status: 'ready',
        error: null,
        data:
          typeof update === 'function'
            ? (update as (current: AnswerOf<R> | null) => AnswerOf<R>)(s.data)
            : update,
      }));
    },
    [],
  );
  const fail = useCallback((error: unknown) => {
    setState((s) => ({ ...s, status: 'failed', error }));
  }, []);

  return { status: state.status, data: state.data, error: state.error, retry, set, fail };
}
