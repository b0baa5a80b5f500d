import { type ComponentType, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/**
 * The internal custom element the view renders into: connected, it renders `View` into itself
 * with itself as the one prop (`container`); disconnected, it unmounts, and connected again it
 * renders afresh. All the widget needs of @r2wc/react-to-web-component, whose default `React`
 * import kept the whole of preact/compat in the UI chunk (about 1.5 KB gzip after the click).
 */
export function viewElement<E extends HTMLElement>(
  View: ComponentType<{ container: E }>,
): CustomElementConstructor {
  return class extends HTMLElement {
    #root: Root | null = null;

    connectedCallback(): void {
      this.#root ??= createRoot(this);
      this.#root.render(createElement(View, { container: this as unknown as E }));
    }

    disconnectedCallback(): void {
      this.#root?.unmount();
      this.#root = null;
    }
  };
}
