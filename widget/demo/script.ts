/**
 * What the offline demo assistant says and hears: the hero's sample chat (site/content/hero-chat.ts)
 * turned into a spoken script. Pure data, shared by the runtime (`conversation.ts`) and the clip
 * generator (`scripts/make-demo-audio.sh`), so the transcript and the recorded audio never drift.
 */

/** One recorded line of the assistant. */
export interface Clip {
  /** The transcript text, written as the visitor reads it. */
  readonly text: string;
  /** What the synthesizer reads, when numbers or times need spelling out. */
  readonly spoken?: string;
}

/** Every recorded clip, keyed by the file name stem in `widget/demo/audio/`. */
export const CLIPS = {
  greeting: {
    text: 'Hi, I’m Nora, the virtual assistant at Maple Ridge Realty. How can I help you today?',
    spoken: 'Hi, I am Nora, the virtual assistant at Maple Ridge Realty. How can I help you today?',
  },
  listing: {
    text:
      'Yes, 14 Linden Court is available: a 3-bedroom, 2-bath home listed at $450,000, ' +
      'with a renovated kitchen and a fenced backyard.',
    spoken:
      'Yes, fourteen Linden Court is available. It is a three bedroom, two bath home, listed at ' +
      'four hundred and fifty thousand dollars, with a renovated kitchen, and a fenced backyard.',
  },
  slots: {
    text: 'I can book you a viewing this Saturday. I have 2:00 PM and 4:00 PM open. Which suits you?',
    spoken:
      'I can book you a viewing this Saturday. I have two P M, and four P M open. Which suits you?',
  },
  booked: {
    // The product sends no texts: the committed recording's middle sentence ("I have texted you
    // the address and a reminder") is cut out when it plays (clips.ts, CLIP_CUTS).
    text: 'You’re booked for Saturday at 2:00 PM with Daniel, the listing agent. Thanks for calling, goodbye!',
    spoken:
      'You are booked for Saturday at two P M, with Daniel, the listing agent. Thanks for calling. Goodbye!',
  },
  note: {
    text: 'This offline demo can’t read new text aloud, so your message is in the transcript.',
    spoken: 'This offline demo cannot read new text aloud, so your message is in the transcript.',
  },
} as const satisfies Record<string, Clip>;

/** The name of one recorded clip. */
export type ClipId = keyof typeof CLIPS;

/** Every clip name, in a stable order. */
export const CLIP_IDS = Object.keys(CLIPS) as ClipId[];

/** The recorded clip whose caption says `text` (same words, ignoring case and punctuation). */
export function recordedClip(text: string): ClipId | undefined {
  return CLIP_IDS.find((id) => sameWords(CLIPS[id].text, text));
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

/**
 * A client tool the demo assistant calls, as a real assistant does through a `tool-calls`
 * message (docs/behaviour.md#leads): the widget answers with the tool result.
 */
export interface DemoToolCall {
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}

/** One assistant turn: the clips it plays, then what the visitor is taken to answer. */
export interface Turn {
  /**
   * Tool calls made before the turn is spoken; the assistant waits for their results (or
   * `TOOL_RESULT_TIMEOUT_MS`) first, as a model waits for a synchronous tool.
   */
  readonly toolCalls?: readonly DemoToolCall[];
  readonly clips: readonly ClipId[];
  /**
   * Captions that differ from the clips' recorded words (the host page's own listing), one per
   * clip: then the recording is not played (synth-voice.ts speaks or shows them instead).
   */
  readonly lines?: readonly string[];
  /**
   * The visitor's transcript for the answer that moves the call on. The demo has no speech
   * recognition: it hears *that* the visitor spoke (the microphone level) and shows this line.
   */
  readonly visitorLine?: string;
  /** Set on the last turn: the call ends once it has been spoken, with this reason. */
  readonly endedReason?: 'assistant-said-end-call-phrase';
}

/** The visitor of the script: what they tell Nora while booking the viewing. */
export const DEMO_VISITOR = { name: 'Sam Rivera', phone: '604 555 0134' } as const;

/** The conversation, in order. The first turn is the assistant's first message. */
export const SCRIPT: readonly Turn[] = [
  {
    clips: ['greeting'],
    visitorLine: 'Hi! Is the house on Linden Court still available? I’d love to see it.',
  },
  {
    clips: ['listing', 'slots'],
    visitorLine: `2:00 PM works for me. I’m ${DEMO_VISITOR.name}, call me at ${DEMO_VISITOR.phone}.`,
  },
  {
    toolCalls: [
      {
        name: 'request_viewing',
        // No `listing`: the widget names the page's own (listing attributes or JSON-LD), so a
        // page for another home never gets a lead for this script's.
        arguments: {
          preferred_times: ['Saturday 2:00 PM'],
          name: DEMO_VISITOR.name,
          phone: DEMO_VISITOR.phone,
        },
      },
      {
        name: 'capture_lead',
        arguments: {
          name: DEMO_VISITOR.name,
          phone: DEMO_VISITOR.phone,
          intent: 'buy',
          timeframe: 'Viewing on Saturday',
          notes: 'Booked a viewing of 14 Linden Court on Saturday at 2:00 PM; asked for a call.',
          consent_to_contact: true,
        },
      },
    ],
    clips: ['booked'],
    endedReason: 'assistant-said-end-call-phrase',
  },
];

/**
 * How many of `script`'s turns were heard whole once the assistant said `lines` lines: where a
 * resumed call goes on. A turn that ends the call never counts (the call would be over).
 */
export function turnsHeard(script: readonly Turn[], lines: number): number {
  let said = 0;
  let turns = 0;
  for (const turn of script) {
    said += turn.clips.length;
    if (said > lines || turn.endedReason) {
      break;
    }
    turns += 1;
  }
  return turns;
}
