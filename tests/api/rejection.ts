import type { ApiError } from '../../widget/api/api-errors.ts';

/** Awaits a promise that must reject and returns its error, typed for assertions. */
export async function rejection<E extends Error = ApiError>(promise: Promise<unknown>): Promise<E> {
  try {
    await promise;
  } catch (error) {
    return error as E;
  }
  throw new Error('Expected the request to fail, but it succeeded.');
}
