import type { WebChatResponse } from '../../../api/supplement.ts';

/** The assistant's reply in a POST /chat/web response: its text output, joined. Pure. */
export function replyText(response: Pick<WebChatResponse, 'output'>): string {
  const parts: string[] = [];
  for (const message of response.output ?? []) {
    const { role, content } = message as { role?: unknown; content?: unknown };
    if (role === 'assistant' && typeof content === 'string' && content.trim() !== '') {
      parts.push(content.trim());
    }
  }
  return parts.join('\n\n');
}
