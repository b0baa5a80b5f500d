import { describe, expect, it } from 'vitest';
import { hostOfCall, hostScript, languageOfCall } from '../../widget/demo/host-script.ts';
import { LISTING } from '../../widget/demo/listing-facts.ts';
import { SCRIPT } from '../../widget/demo/script.ts';

// docs/behaviour.md#chat: the demo call's captions name the host page's listing, never the sample's.

const body = (variableValues: Record<string, unknown>) => ({
  assistantId: 'demo',
  assistantOverrides: { variableValues },
});

describe('the demo call’s script on a host page', () => {
  it('reads the page’s listing and language from the web call’s variables', () => {
    const payload = body({
      listing_address: '22 Oak Street',
      listing_price: ' $615,000 ',
      agent_name: '',
      language: 'fr',
    });
    expect(hostOfCall(payload)).toEqual({ address: '22 Oak Street', price: '$615,000' });
    expect(languageOfCall(payload)).toBe('fr');
    expect(hostOfCall(null)).toEqual({});
    expect(languageOfCall({})).toBe('en');
  });

  it('keeps the recorded script for the sample home itself', () => {
    const sample = { address: LISTING.address, price: LISTING.price, agent: LISTING.agent };
    expect(hostScript(sample)).toBe(SCRIPT);
    expect(hostScript({})).toBe(SCRIPT);
  });

  it('captions another home with its address, price and agent, and none of the sample’s facts', () => {
    const script = hostScript({ address: '22 Oak Street', price: '$615,000', agent: 'Priya' });
    const said = JSON.stringify(script);
    expect(said).not.toMatch(/Linden|Daniel|450,000|3-bedroom|backyard/);
    expect(script.map((turn) => turn.lines)).toEqual([
      ['Hi, I’m the virtual assistant for 22 Oak Street. How can I help you today?'],
      [
        'Yes, 22 Oak Street is available, listed at $615,000.',
        'I can book you a viewing this Saturday. I have 2:00 PM and 4:00 PM open. Which suits you?',
      ],
      [
        'You’re booked for Saturday at 2:00 PM with Priya, the listing agent. Thanks for calling, goodbye!',
      ],
    ]);
    expect(script[0]?.visitorLine).toBe(
      'Hi! Is 22 Oak Street still available? I’d love to see it.',
    );
  });

  it('uses the element’s assistant-name: the sample home with another name is captioned, not recorded', () => {
    expect(hostScript({ assistantName: 'Nora' })).toBe(SCRIPT);
    const named = hostScript({ assistantName: 'Ava' });
    expect(named).not.toBe(SCRIPT);
    expect(named[0]?.lines?.[0]).toBe(
      `Hi, I’m Ava, the virtual assistant for ${LISTING.address}. How can I help you today?`,
    );
    const elsewhere = hostScript({ assistantName: 'Ava', address: '22 Oak Street' });
    expect(elsewhere[0]?.lines?.[0]).toMatch(
      /^Hi, I’m Ava, the virtual assistant for 22 Oak Street/,
    );
    expect(JSON.stringify(named)).not.toMatch(/Nora/);
  });
});
