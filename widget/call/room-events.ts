import type { DailyParticipant } from '@daily-co/daily-js';
import { parseAppMessage } from './app-messages.ts';
import type { CallSession } from './call-session.ts';
import { serializeClientMessage } from './client-messages.ts';
import { PLAYABLE_SIGNAL, SPEAKER_USER_NAME } from './constants.ts';
import type { EmitCallEvent } from './events.ts';
import { logger } from './logger.ts';
import { levelSum, volumeFromLevel } from './volume.ts';

/** What the room's events need from the client that owns the session. */
export interface RoomHooks {
  emit: EmitCallEvent;
  now: () => number;
  /** The room ended (left, or ejected after the server ended the call), or failed (`cause`). */
  onRoomEnded: (cause?: unknown) => void;
}

/** Room events passed on unchanged (docs/behaviour.md#errors). */
const PASSED_ON = ['camera-error', 'network-quality-change', 'network-connection'] as const;

function isSpeaker(
  participant: DailyParticipant | null | undefined,
): participant is DailyParticipant {
  return !!participant && !participant.local && participant.user_name === SPEAKER_USER_NAME;
}

/**
 * docs/behaviour.md#constants: remote audio is subscribed for every non-local participant; video only when the call
 * is recorded or the voice is an avatar.
 */
export function subscribeParticipant(session: CallSession, participant: DailyParticipant): void {
  const transport = session.transport;
  if (!transport || participant.local) {
    return;
  }
  const video = !!session.plan && (session.plan.videoRecording || session.plan.avatarVideo);
  transport.updateParticipant(participant.session_id, {
    setSubscribedTracks: { audio: true, video },
  });
}

/** Sends a ready-made app message, ignoring a room that is already gone. */
function sendRaw(session: CallSession, data: string): void {
  if (session.stopped) {
    return;
  }
  try {
    session.transport?.sendAppMessage(data, '*');
  } catch (error) {
    logger.warn('A control message could not be sent.', error);
  }
}

/** Feeds one audio-level sample to the volume and the session's speech detection. */
function onLevels(session: CallSession, hooks: RoomHooks, levels: Record<string, number>): void {
  const sum = levelSum(levels);
  hooks.emit('volume-level', volumeFromLevel(sum));
  session.handleLevelSample(sum, hooks.now, (transition) => hooks.emit(transition));
}

/**
 * Wires every room event the client reacts to, for the life of the session. Handlers never
 * throw into daily-js and never leave a rejected promise behind.
 */
export function wireRoomEvents(session: CallSession, hooks: RoomHooks): void {
  session.listen('participant-joined', (event) => subscribeParticipant(session, event.participant));

  session.listen('participant-left', (event) =>
    session.handleRemoteAudioGone(event.participant.session_id),
  );

  session.listen('track-started', (event) => {
    if (!isSpeaker(event.participant)) {
      return;
    }
    if (event.track.kind === 'video') {
      hooks.emit('video', event.track);
    } else if (event.track.kind === 'audio') {
      const id = event.participant.session_id;
      void session.handleRemoteAudio(id, event.track).then(() => sendRaw(session, PLAYABLE_SIGNAL));
    }
  });

  session.listen('track-stopped', (event) => {
    if (isSpeaker(event.participant) && event.track.kind === 'audio') {
      session.handleRemoteAudioGone(event.participant.session_id);
    }
  });

  session.listen('app-message', (event) => {
    const parsed = parseAppMessage(event.data);
    if (parsed.kind === 'listening') {
      session.handleListening();
    } else if (parsed.kind === 'invalid') {
      logger.warn(`Dropped an app message that could not be parsed (${parsed.reason}).`);
    } else {
      session.handleMessage(parsed.message);
      hooks.emit('message', parsed.message);
    }
  });

  session.listen('remote-participants-audio-level', (event) =>
    onLevels(session, hooks, event.participantsAudioLevel),
  );

  session.listen('recording-started', () => {
    if (session.recordingRequestedAt === null) {
      return;
    }
    const delaySeconds = (hooks.now() - session.recordingRequestedAt) / 1000;
    sendRaw(
      session,
      serializeClientMessage({
        type: 'control',
        control: 'say-first-message',
        videoRecordingStartDelaySeconds: delaySeconds,
      }),
    );
  });

  session.listen('nonfatal-error', (event) => {
    if (event.type !== 'audio-processor-error') {
      return;
    }
    // docs/behaviour.md#errors: turn noise processing off and bring local audio back — unless the user muted.
    const transport = session.transport;
    transport
      ?.updateInputSettings({ audio: { processor: { type: 'none' } } })
      .then(() => {
        if (!session.userMuted && !session.stopped) {
          transport.setLocalAudio(true);
        }
      })
      .catch((error: unknown) => logger.warn('Noise processing could not be turned off.', error));
  });

  for (const name of PASSED_ON) {
    session.listen(name, (event) => hooks.emit(name, event as never));
  }

  session.listen('error', (event) => {
    // A room ejection after the server ended the call is a normal end, not an error.
    const ejectedAfterEnd = session.endedStatusSeen && event.error?.type === 'ejected';
    hooks.onRoomEnded(ejectedAfterEnd ? undefined : event);
  });

  session.listen('left-meeting', () => hooks.onRoomEnded());
}
