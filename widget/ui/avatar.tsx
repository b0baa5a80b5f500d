import { type ReactElement, useState } from 'react';
import { initialOf } from '../element/attributes.ts';

interface AvatarProps {
  /** The `avatar` attribute; without it only the initial is drawn. */
  url: string | null;
  /** The assistant's name: its first letter is the fallback. */
  name: string;
  /** Size and placement class: `avatar--launcher` or `avatar--panel`. */
  variant: 'launcher' | 'panel';
}

/**
 * The assistant's picture over its initial. Decorative (the name is in the title and labels),
 * so hidden from assistive technology. A broken image is removed and the initial shows.
 */
export function Avatar({ url, name, variant }: AvatarProps): ReactElement {
  // The URL that failed, so a new URL is tried again.
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <span className={`avatar avatar--${variant}`} part="avatar" aria-hidden="true">
      <span className="avatar-initial">{initialOf(name)}</span>
      {url && failed !== url ? (
        <img className="avatar-img" src={url} alt="" onError={() => setFailed(url)} />
      ) : null}
    </span>
  );
}
