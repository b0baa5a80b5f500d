/**
 * Says once, in the console, when the page gives an inline widget a box lower than its minimum
 * height (`--va-min-height`, 136 px by default: the button, `Type instead` and the status line).
 * The widget keeps that height rather than squeezing its controls; the page's developer is told
 * to give it more room. Watches the box as the page resizes it.
 */
export function watchBoxHeight(host: HTMLElement, root: ShadowRoot): void {
  const view = host.ownerDocument.defaultView;
  if (!view || typeof view.ResizeObserver === 'undefined') {
    return;
  }
  const observer = new view.ResizeObserver(() => {
    const box = root.querySelector<HTMLElement>('.va--inline');
    const height = host.clientHeight;
    const minimum = box ? Number.parseFloat(view.getComputedStyle(box).minHeight) : 0;
    if (box && height > 0 && height < minimum - 0.5) {
      observer.disconnect();
      // biome-ignore lint/suspicious/noConsole: a box too small is the integrator's to fix; the widget has no other channel.
      console.warn(
        `<${host.localName}> is ${Math.round(height)}px tall, below the ${minimum}px inline mode needs (--va-min-height): it keeps ${minimum}px and overflows its box. Give it at least ${minimum}px.`,
      );
    }
  });
  observer.observe(host);
}
