import { randomUUID } from 'node:crypto';
import { leadBody, postJson } from './desk-harness.ts';

let count = 0;

/**
 * Posts a new person's lead on Daniel's listing (14 Linden Court) to the desk at `url`, as the
 * widget would; resolves its capture id. Each call is a new person (its own phone and email),
 * so each makes a new lead.
 */
export async function postNewLead(url: string): Promise<string> {
  count += 1;
  const id = randomUUID();
  const res = await postJson(
    `${url}/leads`,
    leadBody({
      conversationId: `new-lead-${id}`,
      toolCallId: `tool-${id}`,
      capturedAt: new Date().toISOString(),
      fields: {
        name: 'Sam Rivera',
        email: `visitor-${id}@example.com`,
        phone: `+1 604 555 ${String(1000 + (count % 9000)).padStart(4, '0')}`,
        intent: 'buy',
        consentToContact: true,
      },
    }),
  );
  if (res.status !== 201) {
    throw new Error(`POST /leads: ${res.status} ${await res.text()}`);
  }
  return String(((await res.json()) as { id: string }).id);
}
