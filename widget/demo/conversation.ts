import { Timers } from '../call/timers.ts';
import { type DemoChatState, demoChatStart, spokenDemoReply } from './chat-replies.ts';
import type { ConversationDeps } from './conversation-deps.ts';
import {
  BETWEEN_CLIPS_MS,
  FIRST_MESSAGE_DELAY_MS,
  HANG_UP_DELAY_MS,
  MIC_POLL_MS,
  REPLY_DELAY_MS,
} from './demo-timings.ts';
import { sampleMismatch } from './host-script.ts';
import type { InboundRequest } from './inbound.ts';
import { CLIPS, type DemoToolCall, recordedClip, SCRIPT, type Turn, turnsHeard } from './script.ts';
import { type DemoEndedReason, ended, inProgress, toolCalls } from './server-messages.ts';
import { SpeechQueue, type Step } from './speech-queue.ts';
import { voiceOffNote } from './synth-voice.ts';
import { type ReceivedToolResult, ToolWait } from './tool-wait.ts';
import { VisitorTurn } from './visitor-turn.ts';

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
  readonly #visitor: VisitorTurn;
  readonly #queue: SpeechQueue;
  #turn = -1;
  #cancelReply: (() => void) | null = null;
  #cancelFirst: (() => void) | null = null;
  #micEnabled = true;
  #customerMuted = false;
  #started = false;
  #ended = false;
  readonly #newToolCallId: () => string;
  readonly #tools = new ToolWait(this.#timers);
  #chat: DemoChatState;

  constructor(deps: ConversationDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
    this.#script = deps.script ?? SCRIPT;
    let toolCalls = 0;
    this.#newToolCallId = deps.newToolCallId ?? (() => `demo-tool-call-${++toolCalls}`);
    this.#chat = demoChatStart(deps.host ?? {});
    this.#visitor = new VisitorTurn(deps.send, this.#now);
    this.#queue = new SpeechQueue(deps, this.#now, this.#timers, () => this.#visitor.lineStarted());
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
      const host = this.#deps.host ?? {};
      const text = voiceOffNote(sampleMismatch(host) ?? 'home', host.assistantName);
      this.#queue.push({ kind: 'line', clip: 'note', text });
    }
    const heard = turnsHeard(this.#script, this.#deps.heardLines ?? 0);
    if (heard > 0) {
      // A resumed call: the visitor answers the last turn they heard, and the script goes on.
      this.#turn = heard - 1;
      this.#visitor.expect(this.#script[this.#turn]?.visitorLine ?? null);
    } else {
      this.#cancelFirst = this.#timers.after(FIRST_MESSAGE_DELAY_MS, () => this.#speakTurn(0));
    }
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
      case 'playable':
        this.start();
        break;
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
    this.#queue.close();
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
          this.#visitor.expect(turn.visitorLine ?? null);
        }
      },
    });
    this.#queue.run();
  }

  #callTools(calls: readonly DemoToolCall[], then: () => void): void {
    const requests = calls.map((call) => ({ ...call, id: this.#newToolCallId() }));
    this.#tools.start(
      requests.map((request) => request.id),
      then,
    );
    this.#deps.send(toolCalls(requests, this.#now()));
  }

  #pollMicrophone(): void {
    const listening = !this.#queue.busy && !this.#ended;
    const heard = this.#micEnabled && !this.#customerMuted;
    if (this.#visitor.poll(listening, () => (heard ? this.#deps.audio.micLevel() : 0))) {
      this.#replyToVisitor();
    }
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
    if (this.#visitor.interrupt()) {
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
    const line: Step = { kind: 'line', clip: recordedClip(text) ?? 'note', text };
    if (endCallAfterSpoken) {
      // Nothing else is said: the message, then the goodbye.
      this.#queue.clear();
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
      this.#queue.interrupt();
    }
    this.#queue.run();
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
    this.#queue.close();
    this.#ended = true;
    this.#tools.abandon();
    this.#timers.clearAll();
    this.#deps.send(ended(reason));
    this.#timers.after(HANG_UP_DELAY_MS, () => this.#deps.hangUp(reason));
  }
}
