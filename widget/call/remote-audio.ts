import { logger } from './logger.ts';

/**
 * The `<audio>` elements that play the assistant. One element per remote participant, keyed by
 * session id, appended hidden to `document.body` and removed when the participant leaves, its
 * track stops, or the call ends.
 */
export class RemoteAudio {
  readonly #players = new Map<string, HTMLAudioElement>();

  /** Plays `track` for `participantId`, replacing any earlier element for it. */
  async play(participantId: string, track: MediaStreamTrack): Promise<void> {
    this.remove(participantId);
    const player = document.createElement('audio');
    player.dataset.participantId = participantId;
    player.autoplay = true;
    player.hidden = true;
    player.srcObject = new MediaStream([track]);
    document.body.append(player);
    this.#players.set(participantId, player);
    try {
      await player.play();
    } catch (error) {
      // Autoplay refusals are reported, not thrown: the element stays and plays on the next gesture.
      logger.warn('The assistant audio could not start playing yet.', error);
    }
  }

  /** Removes the element of `participantId`, if any. */
  remove(participantId: string): void {
    const player = this.#players.get(participantId);
    if (player) {
      player.pause();
      player.srcObject = null;
      player.remove();
      this.#players.delete(participantId);
    }
  }

  /** Removes every element. */
  removeAll(): void {
    for (const id of [...this.#players.keys()]) {
      this.remove(id);
    }
  }

  /** How many elements exist. */
  get size(): number {
    return this.#players.size;
  }
}
