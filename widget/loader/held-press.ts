/** Any of these, heard on the document, ends a press that began on the loader's button. */
const RELEASE_EVENTS = ['pointerup', 'pointercancel', 'keyup'] as const;

/**
 * A press held on the loader's button while the UI chunk arrives. The browser clicks only when
 * press and release land on the same element, so the UI must not replace the button until the
 * press is over and its click has run (docs/behaviour.md#widget).
 */
export class HeldPress {
  #current: { settled: Promise<void>; end(): void } | null = null;

  /**
   * Starts following a press: a trusted pointer down or Space. A script's synthetic event is
   * no press, since only the browser's own input can lose a click.
   */
  begin(event: Event, doc: Document): void {
    if (
      !event.isTrusted ||
      this.#current ||
      (event instanceof KeyboardEvent && event.key !== ' ')
    ) {
      return;
    }
    let settle = (): void => undefined;
    const settled = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const end = (): void => {
      for (const type of RELEASE_EVENTS) {
        doc.removeEventListener(type, release, true);
      }
      if (this.#current === press) {
        this.#current = null;
      }
      settle();
    };
    // The release's click is dispatched in the same task as the release itself: let it reach
    // the loader's button before the UI replaces it.
    const release = (): void => {
      setTimeout(end, 0);
    };
    const press = { settled, end };
    for (const type of RELEASE_EVENTS) {
      doc.addEventListener(type, release, true);
    }
    this.#current = press;
  }

  /** Ends the press now: a click ends it even if the page kept its release from us. */
  end(): void {
    this.#current?.end();
  }

  /** Resolves once no press is held (a new press begun meanwhile is waited for too). */
  async released(): Promise<void> {
    while (this.#current) {
      await this.#current.settled;
    }
  }
}
