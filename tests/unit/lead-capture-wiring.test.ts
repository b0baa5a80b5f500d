import { describe, expect, it } from 'vitest';
import { widgetConnectionAttributes } from '../../site/lib/widget-attributes.ts';
import { withListingVariables } from '../../widget/session/start-input.ts';

describe('withListingVariables', () => {
  it('adds the listing variables to the start input, keeping the host’s own on a clash', () => {
    const input = withListingVariables(
      {
        assistant: 'a1',
        assistantOverrides: {
          firstMessage: 'Hi',
          variableValues: { agent_name: 'Host Daniel', office: 'Main St' },
        },
      },
      { listing_address: '14 Linden Court', agent_name: 'Daniel Park' },
    );
    expect(input).toEqual({
      assistant: 'a1',
      assistantOverrides: {
        firstMessage: 'Hi',
        variableValues: {
          listing_address: '14 Linden Court',
          agent_name: 'Host Daniel',
          office: 'Main St',
        },
      },
    });
  });

  it('creates the overrides when the host set none, and leaves the input alone without a listing', () => {
    expect(withListingVariables({ assistant: 'a1' }, { page_url: 'https://x.example/' })).toEqual({
      assistant: 'a1',
      assistantOverrides: { variableValues: { page_url: 'https://x.example/' } },
    });
    const bare = { assistant: 'a1' };
    expect(withListingVariables(bare, {})).toBe(bare);
  });
});

describe('the site’s widget attributes', () => {
  it('point lead-endpoint at the configured endpoint (the stand-in by default)', () => {
    expect(
      widgetConnectionAttributes({
        vapiPublicKey: null,
        apiBaseUrl: null,
        leadEndpoint: '/forms/lead',
      }),
    ).toEqual({ demo: '', 'lead-endpoint': '/forms/lead' });
  });
});
