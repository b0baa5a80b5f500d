import { Timers } from '../call/timers.ts';
import type { ConversationAudio } from './audio-engine.ts';
import {
  type DemoChatState,
  type DemoHost,
  demoChatStart,
  spokenDemoReply,
} from './chat-replies.ts';
import {
  BETWEEN_CLIPS_MS,
  FIRST_MESSAGE_DELAY_MS,
  HANG_UP_DELAY_MS,
  MIC_POLL_MS,
  REPLY_DELAY_MS,
} from './constants.ts';
import type { InboundRequest } from './inbound.ts';
import { CLIPS, type ClipId, type DemoToolCall, SCRIPT, type Turn } from './script.ts';
import {
  type DemoEndedReason,
  type DemoServerMessage,
  ended,
  inProgress,
  sampleVisitorTranscript,
  speechUpdate,
  toolCalls,
  transcript,
} from './server-messages.ts';
import { type LineVoice, SAMPLE_VOICE_OFF } from './synth-voice.ts';
import { type ReceivedToolResult, ToolWait } from './tool-wait.ts';
import { openingWords, partialCues } from './transcript-timing.ts';
import { TurnDetector } from './turn-detector.ts';

/** What the conversation needs from the room around it. */
export interface ConversationDeps {
  audio: ConversationAudio;
  /** Sends an app-message from the assistant: the bare `listening` signal or a JSON message. */
  send(message: 'listening' | DemoServerMessage): void;
  /** Closes the room after the assistant ended the call (the ended status is already sent). */
  hangUp(reason: DemoEndedReason): void;
  /** Wall clock in ms, for message timestamps and turn taking. */
  now?: () => number;
  script?: readonly Turn[];
  /**
   * Says every line when the script has its own `lines` (a host's listing): the recordings do
   * not say them, and one call never mixes two voices.
   */
  voice?: LineVoice;
  /** The host page's listing, for the answers to typed questions. */
  host?: DemoHost;
  /** Ids for the assistant's tool calls; `demo-tool-call-1`, `-2`… by default. */
  newToolCallId?: () => string;
}

/** One step of what the assistant does next. */
type Step =
  | { kind: 'line'; clip: ClipId; text: string }
  | { kind: 'pause'; ms: number }
  | { kind: 'then'; run: () => void };

/**
 * The demo assistant's side of the call, as a timeline over injected audio: it greets, waits
 * for the visitor to speak and stop (microphone level only), answers with the next turn of the
 * script, and hangs up after the goodbye. Each line it speaks is announced with
 * `speech-update`, partial transcripts while it plays and a final one when it has played; the
 * visitor's turns get a canned transcript line (there is no speech recognition offline).
 *
 * A turn with tool calls first sends them as one `tool-calls` message and waits for the
 * page's results (`add-message` with role `tool`), or a few seconds, before it is spoken.
 * Answers a typed `add-message` (role `user`) from the listing facts (chat-replies.ts); the
 * script pauses for that answer and then goes on.
 *
 * Honours `say` (queued after the current line, or at once with `interruptAssistantEnabled`),
 * `endCallAfterSpoken`, the `mute-assistant`/`mute-customer` controls, `say-first-message`,
 * `end-call`, and a muted microphone (no voice, so no answer).
 */
export class Conversation {
  readonly #deps: ConversationDeps;
  readonly #now: () => number;
  readonly #script: readonly Turn[];
  readonly #timers = new Timers();
  readonly #detector = new TurnDetector();
  readonly #queue: Step[] = [];
  #turn = -1;
  #speechTurn = 0;
  #busy = false;
  #stopCurrent: (() => void) | null = null;
  #awaiting: string | null = null;
  /** The visitor's spoken turn has started (its partial line is shown) and not yet ended. */
  #visitorTalking = false;
  #cancelReply: (() => void) | null = null;
  #cancelFirst: (() => void) | null = null;
  #micEnabled = true;
  #customerMuted = false;
  #started = false;
  #ended = false;
  #toolCallCount = 0;
  readonly #tools = new ToolWait(this.#timers);
  #chat: DemoChatState;

  constructor(deps: ConversationDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
    this.#script = deps.script ?? SCRIPT;
    this.#chat = demoChatStart(deps.host ?? {});
  }

  /** The tool results the page has sent back, in order of arrival. */
  get toolResults(): readonly ReceivedToolResult[] {
    return this.#tools.results;
  }

  /** True once the assistant has ended the call. */
  get ended(): boolean {
    return this.#ended;
  }

  /** The assistant is ready: `listening`, `in-progress`, then the first message shortly after. */
  start(): void {
    if (this.#started || this.#ended) {
      return;
    }
    this.#started = true;
    this.#deps.send('listening');
    this.#deps.send(inProgress());
    if (this.#deps.voice?.spoken === false) {
      this.#queue.push({ kind: 'line', clip: 'note', text: SAMPLE_VOICE_OFF });
    }
    this.#cancelFirst = this.#timers.after(FIRST_MESSAGE_DELAY_MS, () => this.#speakTurn(0));
    this.#timers.every(MIC_POLL_MS, () => this.#pollMicrophone());
  }

  /** Follows `setLocalAudio`: a muted visitor is not heard, so is not answered. */
  setMicEnabled(enabled: boolean): void {
    this.#micEnabled = enabled;
  }

  /** Acts on a message the client sent into the room. */
  handle(request: InboundRequest): void {
    if (this.#ended) {
      return;
    }
    switch (request.kind) {
      case 'say':
        this.#say(request.text, request.endCallAfterSpoken, request.interruptAssistant);
        break;
      case 'control':
        this.#control(request.control);
        break;
      case 'end-call':
        this.#end('customer-ended-call');
        break;
      case 'tool-result':
        this.#tools.receive(request.toolCallId, request.content);
        break;
      case 'add-message':
        if (request.triggerResponse) {
          this.#answerTyped(request.text);
        }
        break;
      default:
        break;
    }
  }

  /** Stops speaking and forgets every timer (the room is closing). */
  dispose(): void {
    this.#ended = true;
    this.#queue.length = 0;
    this.#interrupt();
    this.#timers.clearAll();
  }

  /** Timers still pending (0 after `dispose`). */
  get pendingTimers(): number {
    return this.#timers.pending;
  }

  #speakTurn(index: number): void {
    const turn = this.#script[index];
    this.#cancelFirst?.();
    this.#cancelFirst = null;
    if (!turn || this.#ended) {
      return;
    }
    this.#turn = index;
    if (turn.toolCalls && turn.toolCalls.length > 0) {
      this.#callTools(turn.toolCalls, () => this.#queueTurn(turn));
    } else {
      this.#queueTurn(turn);
    }
  }

  #queueTurn(turn: Turn): void {
    turn.clips.forEach((clip, i) => {
      if (i > 0) {
        this.#queue.push({ kind: 'pause', ms: BETWEEN_CLIPS_MS });
      }
      this.#queue.push({ kind: 'line', clip, text: turn.lines?.[i] ?? CLIPS[clip].text });
    });
    this.#queue.push({
      kind: 'then',
      run: () => {
        if (turn.endedReason) {
          this.#end(turn.endedReason);
        } else {
          this.#awaiting = turn.visitorLine ?? null;
        }
      },
    });
    this.#run();
  }

  #callTools(calls: readonly DemoToolCall[], then: () => void): void {
    const newId =
      this.#deps.newToolCallId ??
      (() => {
        this.#toolCallCount += 1;
        return `demo-tool-call-${this.#toolCallCount}`;
      });
    const requests = calls.map((call) => ({ ...call, id: newId() }));
    this.#tools.start(
      requests.map((request) => request.id),
      then,
    );
    this.#deps.send(toolCalls(requests, this.#now()));
  }

  #run(): void {
    while (!this.#busy && !this.#ended) {
      const step = this.#queue.shift();
      if (!step) {
        return;
      }
      if (step.kind === 'then') {
        step.run();
        continue;
      }
      this.#busy = true;
      const next = () => {
        this.#busy = false;
        this.#stopCurrent = null;
        this.#run();
      };
      if (step.kind === 'pause') {
        this.#stopCurrent = this.#timers.after(step.ms, next);
      } else {
        this.#speakLine(step, next);
      }
    }
  }

  #speakLine({ clip, text }: { clip: ClipId; text: string }, done: () => void): void {
    const { audio, send, voice } = this.#deps;
    const turn = this.#speechTurn++;
    this.#detector.reset();
    send(speechUpdate('assistant', 'started', turn, this.#now()));
    const durationMs = voice ? voice.durationMs(text) : audio.durationMs(clip);
    const cues = partialCues(text, durationMs).map((cue) =>
      this.#timers.after(cue.atMs, () => {
        send(transcript('assistant', 'partial', cue.text, this.#now()));
      }),
    );
    const finish = (spoken: boolean) => {
      for (const cancel of cues) {
        cancel();
      }
      if (spoken) {
        send(transcript('assistant', 'final', text, this.#now()));
      }
      send(speechUpdate('assistant', 'stopped', turn, this.#now()));
    };
    this.#stopCurrent = () => {
      if (voice) {
        voice.stop();
      } else {
        audio.stop();
      }
      finish(false);
    };
    const played = () => {
      finish(true);
      done();
    };
    if (voice) {
      voice.speak(text, played);
    } else {
      audio.play(clip, played);
    }
  }

  /** Stops the line (or pause) in progress without running what follows it. */
  #interrupt(): void {
    const stop = this.#stopCurrent;
    this.#stopCurrent = null;
    this.#busy = false;
    stop?.();
  }

  #pollMicrophone(): void {
    if (this.#busy || this.#awaiting === null || this.#ended) {
      this.#detector.reset();
      return;
    }
    const heard = this.#micEnabled && !this.#customerMuted;
    const level = heard ? this.#deps.audio.micLevel() : 0;
    const event = this.#detector.feed(level, this.#now());
    const line = this.#awaiting;
    const turn = this.#speechTurn;
    if (event === 'turn-start') {
      this.#visitorTalking = true;
      this.#deps.send(speechUpdate('user', 'started', turn, this.#now()));
      this.#deps.send(sampleVisitorTranscript('partial', openingWords(line), this.#now()));
    } else if (event === 'turn-end') {
      this.#endVisitorTurn(line);
      this.#replyToVisitor();
    }
  }

  #endVisitorTurn(line: string): void {
    const turn = this.#speechTurn;
    this.#visitorTalking = false;
    this.#speechTurn += 1;
    this.#awaiting = null;
    this.#detector.reset();
    this.#deps.send(sampleVisitorTranscript('final', line, this.#now()));
    this.#deps.send(speechUpdate('user', 'stopped', turn, this.#now()));
  }

  /** The script's next turn, after a moment's thought: the answer to the visitor's last turn. */
  #replyToVisitor(): void {
    this.#cancelReply = this.#timers.after(REPLY_DELAY_MS, () => {
      this.#cancelReply = null;
      this.#speakTurn(this.#turn + 1);
    });
  }

  /**
   * A typed question pauses the script, as in typed chat: a spoken turn in progress ends where
   * it is (the visitor has turned to the keyboard), an answer the script was about to give
   * waits, the question's answer is spoken next, and then the script goes on from where it was.
   */
  #answerTyped(text: string): void {
    const { reply, state } = spokenDemoReply(text, this.#chat);
    this.#chat = state;
    let resume = false;
    if (this.#visitorTalking && this.#awaiting !== null) {
      this.#endVisitorTurn(this.#awaiting);
      resume = true;
    } else if (this.#cancelReply) {
      this.#cancelReply();
      this.#cancelReply = null;
      resume = true;
    }
    this.#say(reply, false, false, resume ? () => this.#replyToVisitor() : undefined);
  }

  #say(
    text: string,
    endCallAfterSpoken: boolean,
    interruptAssistant: boolean,
    after?: () => void,
  ): void {
    const recorded = (Object.keys(CLIPS) as ClipId[]).find((id) => sameWords(CLIPS[id].text, text));
    const line: Step = { kind: 'line', clip: recorded ?? 'note', text };
    if (endCallAfterSpoken) {
      // Nothing else is said: the message, then the goodbye.
      this.#queue.length = 0;
      this.#cancelReply?.();
      this.#cancelReply = null;
      this.#cancelFirst?.();
      this.#cancelFirst = null;
      this.#tools.abandon();
      this.#queue.push(line, {
        kind: 'then',
        run: () => this.#end('assistant-ended-call-after-message-spoken'),
      });
    } else if (after) {
      this.#queue.unshift(line, { kind: 'then', run: after });
    } else {
      this.#queue.unshift(line);
    }
    if (interruptAssistant || endCallAfterSpoken) {
      this.#interrupt();
    }
    this.#run();
  }

  #control(control: string): void {
    switch (control) {
      case 'mute-assistant':
      case 'unmute-assistant':
        this.#deps.audio.setVoiceMuted(control === 'mute-assistant');
        break;
      case 'mute-customer':
      case 'unmute-customer':
        this.#customerMuted = control === 'mute-customer';
        break;
      case 'say-first-message':
        if (this.#turn < 0 && this.#cancelFirst) {
          this.#speakTurn(0);
        }
        break;
      default:
        break;
    }
  }

  #end(reason: DemoEndedReason): void {
    if (this.#ended) {
      return;
    }
    this.#queue.length = 0;
    this.#interrupt();
    this.#ended = true;
    this.#tools.abandon();
    this.#timers.clearAll();
    this.#deps.send(ended(reason));
    this.#timers.after(HANG_UP_DELAY_MS, () => this.#deps.hangUp(reason));
  }
}

/** Same words, ignoring case, punctuation and curly apostrophes. */
function sameWords(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[’']/g, '')
      .replace(/[^a-z0-9$:]+/g, ' ')
      .trim();
  return norm(a) === norm(b);
}
