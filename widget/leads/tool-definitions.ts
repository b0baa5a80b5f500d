import type { components } from '../api/generated/vapi.d.ts';
import { LEAD_INTENTS } from './rules/lead-fields.ts';

type Schemas = components['schemas'];

/** A function tool as an assistant's `model.tools` lists it. */
export type FunctionToolDefinition = Schemas['CreateFunctionToolDTO'];

/** A JSON schema as the platform's tool parameters and structured data take it. */
export type PlatformJsonSchema = Schemas['JsonSchema'];

const contactProperties = {
  name: { type: 'string', description: 'The caller’s full name, as they said it.' },
  phone: {
    type: 'string',
    description: 'A phone number the caller can be reached on, with the country code if given.',
  },
  email: { type: 'string', description: 'The caller’s email address.' },
} as const satisfies Record<string, PlatformJsonSchema>;

/**
 * `capture_lead`: a client tool (no server URL), so the platform sends a `tool-calls` message to
 * the widget, which validates, delivers and answers it (docs/behaviour.md#leads).
 */
export const CAPTURE_LEAD_TOOL = {
  type: 'function',
  async: false,
  function: {
    name: 'capture_lead',
    description:
      'Pass the caller’s details to the brokerage’s agents once you have a name and a phone ' +
      'number or email. Call it once per caller; the result says whether it was saved or what ' +
      'to ask again.',
    parameters: {
      type: 'object',
      properties: {
        ...contactProperties,
        intent: {
          type: 'string',
          enum: [...LEAD_INTENTS],
          description: 'Whether the caller wants to buy, sell or rent, or something else.',
        },
        timeframe: { type: 'string', description: 'When the caller hopes to move or act.' },
        budget: { type: 'string', description: 'The caller’s budget or price range, if given.' },
        notes: { type: 'string', description: 'Anything else the agent should know.' },
        consent_to_contact: {
          type: 'boolean',
          description:
            'True only if the caller said yes to being contacted by an agent. The caller confirms ' +
            'it themselves on a card on screen.',
        },
        do_not_contact: {
          type: 'boolean',
          description:
            'True when the caller asks not to be contacted again ("stop contacting me"), with ' +
            'their phone number or email so the brokerage can honour it.',
        },
      },
      required: ['intent', 'consent_to_contact'],
    },
  },
} as const satisfies FunctionToolDefinition;

/** `request_viewing`: a client tool that books a viewing request for a listing. */
export const REQUEST_VIEWING_TOOL = {
  type: 'function',
  async: false,
  function: {
    name: 'request_viewing',
    description:
      'Ask the listing agent for a viewing at the times the caller prefers. Needs a phone ' +
      'number or email to confirm the time.',
    parameters: {
      type: 'object',
      properties: {
        listing: {
          type: 'string',
          description: 'The address or MLS number to view; leave empty for the page’s listing.',
        },
        preferred_times: {
          type: 'array',
          items: { type: 'string', description: 'A day and time, e.g. "Saturday 2:00 PM".' },
          description: 'The times the caller would like, most preferred first.',
        },
        ...contactProperties,
      },
      required: ['preferred_times'],
    },
  },
} as const satisfies FunctionToolDefinition;

/** Both client tools, in the order an assistant lists them. */
export const LEAD_TOOL_DEFINITIONS = [CAPTURE_LEAD_TOOL, REQUEST_VIEWING_TOOL] as const;

/**
 * The structured data the platform extracts after each call (`analysisPlan`): the lead, so a
 * brokerage sees it in the call log even when the widget's delivery was not configured.
 */
export const LEAD_STRUCTURED_DATA_SCHEMA = {
  type: 'object',
  properties: {
    ...contactProperties,
    intent: { type: 'string', enum: [...LEAD_INTENTS] },
    timeframe: { type: 'string' },
    budget: { type: 'string' },
    notes: { type: 'string' },
    consent_to_contact: { type: 'boolean' },
    listing: { type: 'string', description: 'The listing the caller asked about.' },
    viewing_requested: { type: 'boolean' },
    preferred_times: { type: 'array', items: { type: 'string' } },
  },
} as const satisfies PlatformJsonSchema;
