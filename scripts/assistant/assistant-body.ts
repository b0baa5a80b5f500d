import { type AssistantConfig, withNames } from '../../desk/config/assistant-config.ts';
import type { CreateAssistantDto } from '../../widget/api/types.ts';
import {
  LEAD_STRUCTURED_DATA_SCHEMA,
  LEAD_TOOL_DEFINITIONS,
} from '../../widget/leads/tool-definitions.ts';
import { receptionistPrompt } from './prompt.ts';

/**
 * One client message type. The spec puts the item `enum` on the array itself, so the generated
 * `clientMessages` type is a single name rather than a list of names; this is the item type.
 */
type ClientMessageName = NonNullable<CreateAssistantDto['clientMessages']>;

/** The messages the widget listens to; `tool-calls` and `transcript` are what leads need. */
export const CLIENT_MESSAGES: readonly ClientMessageName[] = [
  'status-update',
  'speech-update',
  'transcript',
  'tool-calls',
  'conversation-update',
  'user-interrupted',
  'hang',
];

/** The server messages the brokerage's desk acts on (docs/desk.md#ingest). */
export const DESK_SERVER_MESSAGES = [
  'tool-calls',
  'end-of-call-report',
  'transfer-destination-request',
] as const;

/** Where the platform sends server messages: the desk's webhook, with its shared secret. */
export interface DeskServer {
  /** The desk's public base URL (`https://desk.example.com`) or its webhook URL. */
  url: string;
  /** `DESK_PLATFORM_SECRET`, sent in the `x-vapi-secret` header of every message. */
  secret: string;
}

/** The webhook URL of a desk given by its base URL (or already by its webhook URL). */
export function deskWebhookUrl(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/platform/webhook') ? trimmed : `${trimmed}/platform/webhook`;
}

/**
 * The assistant `assistant.config.json` describes, as the body of POST /assistant (and of
 * PATCH /assistant/{id}): the receptionist prompt, the two client tools without a server URL,
 * the first message with the consent sentence first, a transcriber for the languages, the
 * client messages the widget needs, and an analysis plan that extracts the lead; with a desk, its
 * webhook as the assistant's server and the messages it acts on. Pure.
 */
export function assistantBody(config: AssistantConfig, desk?: DeskServer): CreateAssistantDto {
  const multilingual = config.languages.length > 1;
  // With a desk, the two tools (which name no server of their own) run there too, and phone
  // calls produce leads; the widget still answers them on the web (the desk stores one).
  const server = desk && {
    server: { url: deskWebhookUrl(desk.url), headers: { 'x-vapi-secret': desk.secret } },
    serverMessages: [...DESK_SERVER_MESSAGES] as unknown as CreateAssistantDto['serverMessages'],
  };
  return {
    name: config.assistantName,
    firstMessage: withNames(`${config.consentSentence} ${config.firstMessage}`, config),
    firstMessageMode: 'assistant-speaks-first',
    model: {
      provider: config.model.provider,
      model: config.model.model as Extract<
        CreateAssistantDto['model'],
        { provider: 'openai' }
      >['model'],
      messages: [{ role: 'system', content: receptionistPrompt(config) }],
      tools: [...LEAD_TOOL_DEFINITIONS],
    },
    voice: config.voice as CreateAssistantDto['voice'],
    transcriber: {
      provider: 'deepgram',
      model: 'nova-3',
      language: (multilingual ? 'multi' : config.languages[0]) as 'en',
    },
    // A list on the wire (see ClientMessageName), whatever the generated type says.
    clientMessages: [...CLIENT_MESSAGES] as unknown as CreateAssistantDto['clientMessages'],
    analysisPlan: {
      structuredDataPlan: { enabled: true, schema: LEAD_STRUCTURED_DATA_SCHEMA },
    },
    metadata: { provisionedBy: 'voice-assistant-widget', brokerage: config.brokerageName },
    ...server,
  };
}
