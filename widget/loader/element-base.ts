/**
 * The loader element's base class. The class is declared at import time, but a server or plain
 * Node has no `HTMLElement`: there it extends an empty class, so importing the package never
 * throws (docs/behaviour.md#widget). Nothing is registered until `defineVoiceAssistant()` runs.
 */
export const ElementBase: typeof HTMLElement =
  typeof HTMLElement === 'undefined' ? (class {} as unknown as typeof HTMLElement) : HTMLElement;

/**
 * A value set on the element before it was upgraded is an own property that shadows the class's
 * accessor: this moves it over to the accessor.
 */
export function upgradeProperty<T extends object>(element: T, name: keyof T & string): void {
  if (Object.hasOwn(element, name)) {
    const value = element[name];
    delete (element as Partial<T>)[name];
    element[name] = value;
  }
}
