import { VoiceAssistantError } from '../element/voice-assistant-error.ts';
import { APP_MESSAGE_MAX_CHARS } from './call-constants.ts';
import type { ReportedStage, StartStage } from './start-stages.ts';

/**
 * Every error code the call client emits or throws. The first seven are docs/behaviour.md#errors's catalogue;
 * the rest name failures the platform SDK reported only as raw exceptions.
 */
export type CallErrorCode =
  | 'validation-error'
  | 'daily-call-object-creation-error'
  | 'daily-call-join-error'
  | 'video-recording-setup-error'
  | 'audio-observer-setup-error'
  | 'audio-processing-setup-error'
  | 'start-method-error'
  | 'web-call-creation-error'
  | 'microphone-denied'
  | 'microphone-not-found'
  | 'microphone-in-use'
  | 'daily-call-error'
  | 'message-too-large'
  | 'no-active-call';

/** Options of the {@link CallError} constructor. */
export interface CallErrorOptions {
  stage?: ReportedStage;
  cause?: unknown;
  /** The call goes on despite this error (default `false`); see {@link CallError.recoverable}. */
  recoverable?: boolean;
}

/**
 * The code a stage failure gets when nothing more specific is known (docs/behaviour.md#errors): `<stage>-error`,
 * except the two stages the catalogue has no type for, which use `start-method-error`.
 */
function stageCode(stage: StartStage): CallErrorCode {
  return stage === 'initialization' || stage === 'mobile-permissions'
    ? 'start-method-error'
    : (`${stage}-error` as CallErrorCode);
}

const GOES_ON = '; the call goes on without it';

/** Human sentences per stage, completed with the cause's own words where it has some. */
const STAGE_MESSAGES: Record<StartStage, string> = {
  initialization: 'The call could not be started',
  'web-call-creation': 'The assistant service could not create the call',
  'daily-call-object-creation': 'The call could not be prepared in this browser',
  'mobile-permissions': 'The microphone could not be prepared for the call',
  'daily-call-join': 'Could not connect to the call. Check your connection and try again',
  'video-recording-setup': `Video recording could not start${GOES_ON}`,
  'audio-observer-setup': `Speech detection could not start${GOES_ON}`,
  'audio-processing-setup': `Noise cancellation could not be turned on${GOES_ON}`,
};

/** Browser microphone errors (and their older aliases) by DOMException name. */
const MICROPHONE_CODES: Record<string, CallErrorCode> = {
  NotAllowedError: 'microphone-denied',
  PermissionDeniedError: 'microphone-denied',
  SecurityError: 'microphone-denied',
  NotFoundError: 'microphone-not-found',
  DevicesNotFoundError: 'microphone-not-found',
  OverconstrainedError: 'microphone-not-found',
  NotReadableError: 'microphone-in-use',
  TrackStartError: 'microphone-in-use',
  AbortError: 'microphone-in-use',
};

const MICROPHONE_MESSAGES: Partial<Record<CallErrorCode, string>> = {
  'microphone-denied':
    'Microphone access is blocked. Allow the microphone for this site in your browser’s site settings (the padlock or site-information icon in the address bar), then try again.',
  'microphone-not-found': 'No microphone was found. Connect a microphone, then try again.',
  'microphone-in-use':
    'The microphone is in use by another app or could not start. Close other apps that use it, then try again.',
};

/** The readable part of anything thrown: a string, an Error, or daily-js's `{ errorMsg }`. */
export function describeCause(cause: unknown): string {
  if (typeof cause === 'string') {
    return cause;
  }
  if (cause instanceof Error) {
    return cause.message;
  }
  if (cause && typeof cause === 'object') {
    const record = cause as Record<string, unknown>;
    for (const key of ['message', 'errorMsg', 'msg']) {
      if (typeof record[key] === 'string') {
        return record[key];
      }
    }
  }
  return '';
}

function withDetail(sentence: string, cause: unknown): string {
  const detail = describeCause(cause).trim();
  return detail ? `${sentence} (${detail}).` : `${sentence}.`;
}

/**
 * The one error class of the call client: a literal `code`, the start `stage` it belongs to
 * (when it happened while starting) and the original `cause`. Build instances with the static
 * factories so every code keeps one human message.
 */
export class CallError extends Error {
  override readonly name = 'CallError';
  readonly code: CallErrorCode;
  readonly stage: ReportedStage | undefined;
  /**
   * Decided by the call client, not by its listeners: `true` when the call goes on (an optional
   * start stage such as recording, speech detection or noise cancellation failed), `false` when
   * the start failed or the call ended, and for errors thrown by a method call.
   */
  readonly recoverable: boolean;

  constructor(code: CallErrorCode, message: string, options: CallErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.stage = options.stage;
    this.recoverable = options.recoverable ?? false;
  }

  /** docs/behaviour.md#validation: bad input to `start()` and friends; stage `input-validation`. */
  static validation(message: string): CallError {
    return new CallError('validation-error', message, { stage: 'input-validation' });
  }

  /**
   * docs/behaviour.md#validation: `setMuted`, `isMuted`, `increaseMicLevel`, `say` and `send`
   * need a call. That condition has one error class, the element's `VoiceAssistantError` (code
   * `no-active-call`), so a host's `instanceof` check holds whether the element or the call
   * client threw it.
   */
  static noActiveCall(): VoiceAssistantError {
    return new VoiceAssistantError();
  }

  /**
   * A failure while starting, with the catalogue code of its stage; `recoverable` when the stage
   * is optional and the start goes on without it.
   */
  static forStage(
    stage: StartStage,
    cause: unknown,
    { recoverable = false }: { recoverable?: boolean } = {},
  ): CallError {
    if (cause instanceof CallError) {
      return cause.stage === stage && cause.recoverable === recoverable
        ? cause
        : new CallError(cause.code, cause.message, { stage, cause, recoverable });
    }
    return new CallError(stageCode(stage), withDetail(STAGE_MESSAGES[stage], cause), {
      stage,
      cause,
      recoverable,
    });
  }

  /** `join()` did not settle within the client's own timeout. */
  static joinTimeout(timeoutMs: number): CallError {
    return CallError.forStage('daily-call-join', `no answer within ${timeoutMs / 1000} s`);
  }

  /**
   * The microphone preflight failed. `NotAllowedError`, `NotFoundError` and `NotReadableError`
   * (and their older aliases) get their own codes; anything else is the stage's own error.
   */
  static microphone(cause: unknown, stage: StartStage = 'initialization'): CallError {
    const code = MICROPHONE_CODES[String((cause as { name?: unknown } | null)?.name)];
    return code
      ? new CallError(code, MICROPHONE_MESSAGES[code] as string, { stage, cause })
      : CallError.forStage(stage, cause);
  }

  /** A fatal room error after the call started (anything but a normal server hang-up). */
  static room(cause: unknown): CallError {
    return new CallError('daily-call-error', withDetail('The call was interrupted', cause), {
      cause,
    });
  }

  /** The serialised message is over the room's app-message limit. */
  static messageTooLarge(chars: number): CallError {
    return new CallError(
      'message-too-large',
      `The message is too large to send during a call (${chars} characters; the limit is ${APP_MESSAGE_MAX_CHARS}).`,
    );
  }
}
