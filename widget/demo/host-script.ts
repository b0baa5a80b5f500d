import type { DemoHost } from './host-names.ts';
import { homeOf, withAgent } from './host-names.ts';
import { isRecord } from './inbound.ts';
import { LISTING } from './listing-facts.ts';
import { CLIPS, recordedClip, SCRIPT, type Turn } from './script.ts';
import { SAMPLE_NAME } from './synth-voice.ts';

/**
 * The demo call's script as the host page tells it: when the page names another home or agent
 * (listing attributes or JSON-LD, sent as the call's `variableValues`), the captions name the
 * page's home and agent, never the sample's, and state none of the sample home's facts.
 */

/**
 * The page's listing, read from a POST /call/web body's `assistantOverrides.variableValues`, and
 * its configured greeting (`assistantOverrides.firstMessage`).
 */
export function hostOfCall(payload: unknown): DemoHost {
  const overrides = isRecord(payload) ? payload.assistantOverrides : undefined;
  const values = isRecord(overrides) ? overrides.variableValues : undefined;
  const text = (from: unknown) =>
    typeof from === 'string' && from.trim() !== '' ? from.trim() : undefined;
  const greeting = text(isRecord(overrides) ? overrides.firstMessage : undefined);
  const value = (key: string) => text(isRecord(values) ? values[key] : undefined);
  const address = value('listing_address');
  const price = value('listing_price');
  const agent = value('agent_name');
  return {
    ...(address !== undefined && { address }),
    ...(price !== undefined && { price }),
    ...(agent !== undefined && { agent }),
    ...(greeting !== undefined && { greeting }),
  };
}

/** The name the sample's recorded voice gives itself. */
export const SAMPLE_ASSISTANT_NAME = SAMPLE_NAME;

/**
 * Why the recorded voice would lie on this page, or null when it says the page's own words: the
 * page names another home (or price, or agent), another name for the assistant, or its own
 * greeting (`assistantOverrides.firstMessage`).
 */
export function sampleMismatch(host: DemoHost): 'home' | 'name' | 'greeting' | null {
  if (
    (host.address !== undefined && host.address !== LISTING.address) ||
    (host.price !== undefined && host.price !== LISTING.price) ||
    (host.agent !== undefined && host.agent !== LISTING.agent)
  ) {
    return 'home';
  }
  if (host.assistantName !== undefined && host.assistantName !== SAMPLE_NAME) {
    return 'name';
  }
  return host.greeting !== undefined && recordedClip(host.greeting) !== 'greeting'
    ? 'greeting'
    : null;
}

/** True when the host's listing, assistant's name or greeting differs from the sample's. */
export function differsFromSample(host: DemoHost): boolean {
  return sampleMismatch(host) !== null;
}

/**
 * The script for `host`: the sample's own when the page names the sample home (its recorded
 * voice says the captions), otherwise the same conversation with captions (`lines`) for the
 * page's home.
 */
export function hostScript(host: DemoHost): readonly Turn[] {
  if (!differsFromSample(host)) {
    return SCRIPT;
  }
  const address = homeOf(host);
  const [greeting, listing, booking] = SCRIPT;
  if (!greeting || !listing || !booking) {
    return SCRIPT;
  }
  const listed = host.price === undefined ? '' : `, listed at ${host.price}`;
  return [
    {
      ...greeting,
      lines: [
        host.greeting ??
          (host.assistantName === undefined
            ? `Hi, I’m the virtual assistant for ${address}. How can I help you today?`
            : `Hi, I’m ${host.assistantName}, the virtual assistant for ${address}. How can I help you today?`),
      ],
      visitorLine: `Hi! Is ${address} still available? I’d love to see it.`,
    },
    {
      ...listing,
      lines: [`Yes, ${address} is available${listed}.`, CLIPS.slots.text],
    },
    {
      ...booking,
      toolCalls: booking.toolCalls?.map((call) =>
        call.name === 'capture_lead'
          ? {
              ...call,
              arguments: {
                ...call.arguments,
                notes: `Booked a viewing of ${address} on Saturday at 2:00 PM; asked for a call.`,
              },
            }
          : call,
      ),
      lines: [
        `You’re booked for Saturday at 2:00 PM with ${withAgent(host)}. Thanks for calling, goodbye!`,
      ],
    },
  ];
}

/** The language the call was started in (the widget's `variableValues.language`); `en` if none. */
export function languageOfCall(payload: unknown): string {
  const overrides = isRecord(payload) ? payload.assistantOverrides : undefined;
  const values = isRecord(overrides) ? overrides.variableValues : undefined;
  const language = isRecord(values) ? values.language : undefined;
  return typeof language === 'string' && language !== '' ? language : 'en';
}
