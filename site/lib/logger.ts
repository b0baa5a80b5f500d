/** The site's one place that writes warnings to the console (errors of the voice widget, a
 * section of the page that could not be downloaded). */
export const logger = {
  warn(message: string, detail?: unknown): void {
    // biome-ignore lint/suspicious/noConsole: the demo page must log widget errors (docs/behaviour.md#errors)
    console.warn(message, detail);
  },
};
