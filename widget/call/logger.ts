/**
 * The call client's only way to write to the console: warnings for dropped messages and errors
 * from listeners that threw. Nothing secret is ever passed here (no keys, no tokens).
 */
export const logger = {
  warn(message: string, detail?: unknown): void {
    // biome-ignore lint/suspicious/noConsole: the logger is the one sanctioned console writer.
    console.warn(`[voice-assistant] ${message}`, ...(detail === undefined ? [] : [detail]));
  },
  error(message: string, detail?: unknown): void {
    // biome-ignore lint/suspicious/noConsole: the logger is the one sanctioned console writer.
    console.error(`[voice-assistant] ${message}`, ...(detail === undefined ? [] : [detail]));
  },
};
