/** One server-sent event: its type (`message` unless named), its data lines joined by `\n`. */
export interface SseEvent {
  readonly event: string;
  readonly data: string;
}

/**
 * Decodes a `text/event-stream` body into events, as the HTML standard's event-stream
 * interpretation does, whatever the chunk boundaries: text is pushed as it arrives (a line, an
 * event, even a CR LF pair may be split between chunks) and each complete event comes out once
 * its blank line has arrived. Lines end in LF, CR LF or CR; `:` lines are comments; `id` and
 * `retry` are read past (nothing reconnects here). Pure: no DOM, no I/O.
 */
export class SseDecoder {
  #buffer = '';
  /** The last chunk ended in CR: an LF at the start of the next one belongs to it. */
  #afterCr = false;
  #data: string[] = [];
  #event = '';

  /** Takes the next piece of the body; returns the events it completed, in order. */
  push(chunk: string): SseEvent[] {
    let text = chunk;
    if (this.#afterCr && text.startsWith('\n')) {
      text = text.slice(1);
    }
    this.#afterCr = text.endsWith('\r');
    this.#buffer += text;
    const events: SseEvent[] = [];
    const lines = this.#buffer.split(/\r\n|\r|\n/);
    // The last piece has no line end yet (or is empty after a final line end).
    this.#buffer = lines.pop() ?? '';
    for (const line of lines) {
      this.#line(line, events);
    }
    return events;
  }

  /**
   * The body ended: an event whose blank line never came is still given if its lines were
   * complete (servers that end on a single line end), a last line with no line end is dropped.
   */
  end(): SseEvent[] {
    const events: SseEvent[] = [];
    this.#buffer = '';
    this.#line('', events);
    return events;
  }

  #line(line: string, events: SseEvent[]): void {
    if (line === '') {
      if (this.#data.length > 0) {
        events.push({ event: this.#event || 'message', data: this.#data.join('\n') });
      }
      this.#data = [];
      this.#event = '';
      return;
    }
    if (line.startsWith(':')) {
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) {
      value = value.slice(1);
    }
    if (field === 'data') {
      this.#data.push(value);
    } else if (field === 'event') {
      this.#event = value;
    }
  }
}
