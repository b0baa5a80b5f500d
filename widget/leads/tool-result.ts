import type { AddMessage } from '../call/message-types.ts';

/**
 * The tool result sent back into the conversation: an `add-message` whose message has role
 * `tool` and the `tool_call_id` it answers. The spec's `OpenAIMessage` lists only `role` and
 * `content`; `tool_call_id` is the OpenAI chat field the platform passes on to the model.
 */
export interface ToolResultMessage extends AddMessage {
  type: 'add-message';
  message: { role: 'tool'; tool_call_id: string; content: string };
  triggerResponseEnabled: boolean;
}

/**
 * Builds the reply to one tool call (pure). The response is triggered, so the assistant goes
 * on talking with the result in mind ("I've passed your details to Daniel").
 */
export function toolResultMessage(toolCallId: string, content: string): ToolResultMessage {
  return {
    type: 'add-message',
    message: { role: 'tool', tool_call_id: toolCallId, content },
    triggerResponseEnabled: true,
  };
}
