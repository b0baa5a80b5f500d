import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The shipped declarations as a TypeScript host page would use them: dist/widget/voice-assistant.d.ts
// must give typed methods, typed events on document and the tag map, and reject misuse.

const CONSUMER = `
import {
  defineVoiceAssistant,
  type LeadCapture,
  type ListingVariables,
  type VoiceAssistantElement,
  type WidgetErrorDetail,
  type WidgetState,
} from '../widget/voice-assistant.js';

defineVoiceAssistant('brokerage-assistant');
const el: VoiceAssistantElement | null = document.querySelector('voice-assistant');
if (el) {
  void el.start().then(() => el.stop());
  el.setMuted(true);
  const muted: boolean = el.isMuted();
  el.say('Hello', true);
  el.callOptions = { joinTimeoutMs: 5000 };
  void muted;
}
document.addEventListener('voice-assistant:error', (event) => {
  const detail: WidgetErrorDetail = event.detail;
  const stage: string | undefined = event.detail.stage;
  void detail;
  void stage;
});
document.addEventListener('voice-assistant:state-change', (event) => {
  const state: WidgetState = event.detail.state;
  void state;
});
document.addEventListener('voice-assistant:lead', (event) => {
  const lead: LeadCapture = event.detail;
  const phone: string | undefined = event.detail.fields.phone;
  if (event.cancelable) event.preventDefault();
  void lead;
  void phone;
});
document.addEventListener('voice-assistant:viewing-request', (event) => {
  const times: readonly string[] = event.detail.fields.preferredTimes;
  void times;
});
const variables: ListingVariables = { listing_address: '14 Linden Court' };
void variables;
const created: VoiceAssistantElement = document.createElement('voice-assistant');
void created;

// @ts-expect-error: there is no such method
el?.call();
// @ts-expect-error: say needs the text
el?.say();
document.addEventListener('voice-assistant:state-change', (event) => {
  // @ts-expect-error: the state is a string union, not a number
  const wrong: number = event.detail.state;
  void wrong;
});
document.addEventListener('voice-assistant:lead', (event) => {
  // @ts-expect-error: a lead is not a viewing request
  const wrong: 'viewing-request' = event.detail.kind;
  void wrong;
});
// @ts-expect-error: callOptions are typed
if (el) el.callOptions = { joinTimeoutMs: 'soon' };
`;

describe('dist/widget/voice-assistant.d.ts', () => {
  // CPU-bound compiler work with nothing to wait for (no race): its time scales with the CPU
  // share a loaded machine gives it, hence the longer limit.
  it('types the element, its methods and its events for a host page, and rejects misuse', () => {
    mkdirSync('dist/widget-consumer', { recursive: true });
    writeFileSync('dist/widget-consumer/consumer.ts', CONSUMER);
    const program = ts.createProgram(['dist/widget-consumer/consumer.ts'], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
      skipLibCheck: false,
    });
    // Our files only: checking lib.dom and daily-js's declarations took a third of the time
    // (their diagnostics were dropped anyway), enough to pass 60 s at a load average of 44.
    const ours = program.getSourceFiles().filter((f) => !f.fileName.includes('node_modules'));
    const problems = [
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...ours.flatMap((f) => [
        ...program.getSyntacticDiagnostics(f),
        ...program.getSemanticDiagnostics(f),
      ]),
    ].map((d) => `${d.file?.fileName}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(problems).toEqual([]);
  }, 120_000);

  it('ships custom-elements.json for editors and docs tools', () => {
    const manifest = JSON.parse(readFileSync('dist/widget/custom-elements.json', 'utf8'));
    const element = manifest.modules[0].declarations[0];
    expect(element.tagName).toBe('voice-assistant');
    expect(element.attributes.map((a: { name: string }) => a.name)).toContain('assistant-id');
  });
});
