/** The port `npm start` listens on when PORT is not set. */
export const DEFAULT_PORT = 4173;

/**
 * The port named by the PORT environment variable: an integer from 1 to 65535, or the default
 * when unset or empty. Anything else is an error that says what to write instead.
 */
export function parsePort(raw: string | undefined): number {
  const value = raw?.trim() ?? '';
  if (value === '') {
    return DEFAULT_PORT;
  }
  const port = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(
      `PORT=${raw} is not a port number. Use 1-65535, for example PORT=8080 npm start.`,
    );
  }
  return port;
}
