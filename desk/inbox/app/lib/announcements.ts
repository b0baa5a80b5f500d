/**
 * The app's one channel of polite announcements ("Saved", "Note added"): any page or hook says
 * something, and the one live region (`components/announcer.tsx`) shows it. Held here, beside the
 * other app state, so the hooks of `lib/` announce without importing a component.
 */
let show: (message: string) => void = () => undefined;

export function announce(message: string): void {
  show(message);
}

/** The live region takes the channel while it is mounted; the returned function lets it go. */
export function hearAnnouncements(listener: (message: string) => void): () => void {
  show = listener;
  return () => {
    show = () => undefined;
  };
}
