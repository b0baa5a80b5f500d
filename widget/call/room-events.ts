import type { DailyParticipant } from '@daily-co/daily-js';
import { parseAppMessage } from './app-messages.ts';
import { PLAYABLE_SIGNAL, SPEAKER_USER_NAME } from './call-constants.ts';
import { serializeClientMessage } from './client-messages.ts';
import type { EmitCallEvent } from './events.ts';
import type { LiveCall } from './live-call.ts';
import { logger } from './logger.ts';
import { levelSum, volumeFromLevel } from './volume.ts';

/** What the room's events need from the client that owns the call. */
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
export function subscribeParticipant(call: LiveCall, participant: DailyParticipant): void {
  const transport = call.transport;
  if (!transport || participant.local) {
    return;
  }
  const video = !!call.plan && (call.plan.videoRecording || call.plan.avatarVideo);
  transport.updateParticipant(participant.session_id, {
    setSubscribedTracks: { audio: true, video },
  });
}

/** Sends a ready-made app message, ignoring a room that is already gone. */
function sendRaw(call: LiveCall, data: string): void {
  if (call.stopped) {
    return;
  }
  try {
    call.transport?.sendAppMessage(data, '*');
  } catch (error) {
    logger.warn('A control message could not be sent.', error);
  }
}

/** Feeds one audio-level sample to the volume and the call's speech detection. */
function onLevels(call: LiveCall, hooks: RoomHooks, levels: Record<string, number>): void {
  const sum = levelSum(levels);
  hooks.emit('volume-level', volumeFromLevel(sum));
  call.handleLevelSample(sum, hooks.now, (transition) => hooks.emit(transition));
}

/**
 * Wires every room event the client reacts to, for the life of the call. Handlers never
 * throw into daily-js and never leave a rejected promise behind.
 */
export function wireRoomEvents(call: LiveCall, hooks: RoomHooks): void {
  call.listen('participant-joined', (event) => subscribeParticipant(call, event.participant));

  call.listen('participant-left', (event) =>
    call.handleRemoteAudioGone(event.participant.session_id),
  );

  call.listen('track-started', (event) => {
    if (!isSpeaker(event.participant)) {
      return;
    }
    if (event.track.kind === 'video') {
      hooks.emit('video', event.track);
    } else if (event.track.kind === 'audio') {
      const id = event.participant.session_id;
      void call.handleRemoteAudio(id, event.track).then(() => sendRaw(call, PLAYABLE_SIGNAL));
    }
  });

  call.listen('track-stopped', (event) => {
    if (isSpeaker(event.participant) && event.track.kind === 'audio') {
      call.handleRemoteAudioGone(event.participant.session_id);
    }
  });

  call.listen('app-message', (event) => {
    const parsed = parseAppMessage(event.data);
    if (parsed.kind === 'listening') {
      call.handleListening();
    } else if (parsed.kind === 'invalid') {
      logger.warn(`Dropped an app message that could not be parsed (${parsed.reason}).`);
    } else {
      call.handleMessage(parsed.message);
      hooks.emit('message', parsed.message);
    }
  });

  call.listen('remote-participants-audio-level', (event) =>
    onLevels(call, hooks, event.participantsAudioLevel),
  );

  call.listen('recording-started', () => {
    if (call.recordingRequestedAt === null) {
      return;
    }
    const delaySeconds = (hooks.now() - call.recordingRequestedAt) / 1000;
    sendRaw(
      call,
      serializeClientMessage({
        type: 'control',
        control: 'say-first-message',
        videoRecordingStartDelaySeconds: delaySeconds,
      }),
    );
  });

  call.listen('nonfatal-error', (event) => {
    if (event.type !== 'audio-processor-error') {
      return;
    }
    // docs/behaviour.md#errors: turn noise processing off and bring local audio back — unless the user muted.
    const transport = call.transport;
    transport
      ?.updateInputSettings({ audio: { processor: { type: 'none' } } })
      .then(() => {
        if (!call.userMuted && !call.stopped) {
          transport.setLocalAudio(true);
        }
      })
      .catch((error: unknown) => logger.warn('Noise processing could not be turned off.', error));
  });

  for (const name of PASSED_ON) {
    call.listen(name, (event) => hooks.emit(name, event as never));
  }

  call.listen('error', (event) => {
    // A room ejection after the server ended the call is a normal end, not an error.
    const ejectedAfterEnd = call.endedStatusSeen && event.error?.type === 'ejected';
    hooks.onRoomEnded(ejectedAfterEnd ? undefined : event);
  });

  call.listen('left-meeting', () => hooks.onRoomEnded());
}
