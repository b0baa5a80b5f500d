import type { CreateAssistantDto } from '../../widget/api/types.ts';
import {
  LEAD_STRUCTURED_DATA_SCHEMA,
  LEAD_TOOL_DEFINITIONS,
} from '../../widget/leads/tool-definitions.ts';
import type { AssistantConfig } from './config.ts';
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

/**
 * The assistant `assistant.config.json` describes, as the body of POST /assistant (and of
 * PATCH /assistant/{id}): the receptionist prompt, the two client tools without a server URL,
 * the first message with the consent sentence first, a transcriber for the languages, the
 * client messages the widget needs, and an analysis plan that extracts the lead. Pure.
 */
export function assistantBody(config: AssistantConfig): CreateAssistantDto {
  const multilingual = config.languages.length > 1;
  return {
    name: config.assistantName,
    firstMessage: `${config.consentSentence} ${config.firstMessage}`,
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
  };
}
