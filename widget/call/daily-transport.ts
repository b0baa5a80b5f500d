import type { CallTransportFactory } from './transport.ts';

function loadDaily() {
  return import('@daily-co/daily-js');
}

/**
 * The real room: daily-js, imported lazily on the first call so the page never downloads it
 * before the visitor presses Talk. This is the only module that imports daily-js at run time.
 */
export const dailyTransportFactory: CallTransportFactory = async (options) => {
  const { default: Daily } = await loadDaily();
  return Daily.createCallObject(options);
};

/**
 * Starts downloading daily-js without creating a room, so the download overlaps the web-call
 * request. Never rejects: a failed download surfaces later as a call-object creation error.
 */
export function preloadDaily(): Promise<void> {
  return loadDaily().then(
    () => undefined,
    () => undefined,
  );
}
