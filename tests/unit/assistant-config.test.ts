import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AssistantConfigError, parseAssistantConfig } from '../../desk/config/assistant-config.ts';
import { assistantBody, CLIENT_MESSAGES } from '../../scripts/assistant/assistant-body.ts';
import { languageName, receptionistPrompt } from '../../scripts/assistant/prompt.ts';
import { alreadyHas, provisionAssistant } from '../../scripts/assistant/provision.ts';

const EXAMPLE = JSON.parse(readFileSync('assistant.config.json', 'utf8'));

describe('assistant.config.json', () => {
  it('the committed example is valid', () => {
    expect(parseAssistantConfig(EXAMPLE).assistantName).toBe('Nora');
  });

  it('names the assistant and the brokerage once: the first message reads them from their fields', () => {
    const renamed = parseAssistantConfig({
      ...EXAMPLE,
      assistantName: 'Iris',
      brokerageName: 'Harbour Homes',
    });
    const spoken = assistantBody(renamed).firstMessage ?? '';
    expect(spoken).toContain('I’m Iris at Harbour Homes.');
    expect(spoken).not.toMatch(/Nora|Maple Ridge|[{}]/);
  });

  it('lists every problem at once', () => {
    let caught: unknown;
    try {
      parseAssistantConfig({
        ...EXAMPLE,
        assistantName: 'x'.repeat(41),
        voice: { provider: 'vapi' },
        officeHours: {
          timeZone: 'Mars/Olympus',
          hours: [{ days: 'Mon', open: '18:00', close: '09:00' }],
        },
        languages: ['English'],
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AssistantConfigError);
    expect((caught as AssistantConfigError).code).toBe('invalid-assistant-config');
    expect((caught as AssistantConfigError).problems.map((p) => p.split(' ')[0])).toEqual([
      'assistantName',
      'voice',
      'officeHours.timeZone',
      'officeHours.hours[0]',
      'languages',
    ]);
    expect(() => parseAssistantConfig([])).toThrow(AssistantConfigError);
  });

  it('speaks one language, or the first by default and the others when the caller does', () => {
    expect(languageName('fr')).toBe('French');
    expect(receptionistPrompt({ ...EXAMPLE, languages: ['en'] })).toContain('- Speak English.');
    expect(receptionistPrompt({ ...EXAMPLE, languages: ['en', 'es', 'fr'] })).toContain(
      'Speak English by default. If the caller speaks Spanish or French, answer in that language.',
    );
  });

  it('asks for the messages the widget needs', () => {
    expect(CLIENT_MESSAGES).toEqual(
      expect.arrayContaining(['tool-calls', 'transcript', 'status-update']),
    );
  });
});

describe('provisioning decisions', () => {
  it('alreadyHas: wanted values present, extra platform fields ignored, arrays item by item', () => {
    expect(
      alreadyHas(
        { id: '1', a: { b: 1, c: 2 }, l: [{ x: 1, y: 2 }] },
        { a: { b: 1 }, l: [{ x: 1 }] },
      ),
    ).toBe(true);
    expect(alreadyHas({ a: { b: 2 } }, { a: { b: 1 } })).toBe(false);
    expect(alreadyHas({ l: [1, 2, 3] }, { l: [1, 2] })).toBe(false);
    expect(alreadyHas({}, { a: undefined })).toBe(true);
    expect(alreadyHas(null, { a: 1 })).toBe(false);
  });

  it('creates when no assistant has the name, updates the first one that has it', async () => {
    const calls: string[] = [];
    const routes = (list: { id: string; name?: string }[]) => ({
      list: async () => {
        calls.push('list');
        return list;
      },
      create: async () => {
        calls.push('create');
        return { id: 'new' };
      },
      update: async (id: string) => {
        calls.push(`update ${id}`);
        return { id };
      },
    });
    expect(
      await provisionAssistant(routes([{ id: 'a', name: 'Other' }]), { name: 'Nora' }),
    ).toEqual({
      action: 'created',
      id: 'new',
    });
    expect(
      await provisionAssistant(routes([{ id: 'b', name: 'Nora' }]), {
        name: 'Nora',
        firstMessage: 'Hi',
      }),
    ).toEqual({ action: 'updated', id: 'b' });
    expect(calls).toEqual(['list', 'create', 'list', 'update b']);
  });
});
