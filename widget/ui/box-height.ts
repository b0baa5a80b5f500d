/**
 * Says once, in the console, when the page gives an inline widget a box lower than its minimum
 * height (`--va-min-height`, 136 px by default: the button, `Type instead` and the status line).
 * The widget keeps that height rather than squeezing its controls; the page's developer is told
 * to give it more room. Checked in the first frame after the UI takes over.
 */
export function checkBoxHeight(host: HTMLElement, root: ShadowRoot): void {
  const view = host.ownerDocument.defaultView;
  view?.requestAnimationFrame(() => {
    const box = root.querySelector('.va--inline');
    const height = host.clientHeight;
    const minimum = box ? Number.parseFloat(view.getComputedStyle(box).minHeight) : 0;
    if (height > 0 && height < minimum - 0.5) {
      // biome-ignore lint/suspicious/noConsole: a box too small is the integrator's to fix; the widget has no other channel.
      console.warn(
        `<${host.localName}> is ${height}px tall; inline mode needs ${minimum}px (--va-min-height) and keeps that height.`,
      );
    }
  });
}
