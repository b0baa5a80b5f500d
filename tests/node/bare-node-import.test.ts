import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * Every public module must import in plain Node 20 (server rendering, other bundlers, scripts):
 * no DOM global may be read while importing, and nothing may be registered. Each module is
 * imported in its own fresh `node` process, with getters on the DOM globals that record any
 * read, so a module that reached for `document` at load time is caught even if it guarded it.
 */
const PUBLIC_MODULES = [
  'widget/entries/package-surface.ts',
  'widget/entries/define-element.ts',
  'widget/loader/voice-assistant-element.ts',
  'widget/api/client.ts',
  'widget/call/call-client.ts',
  'widget/demo/demo-call.ts',
  'widget/entries/element.ts',
  'widget/entries/call.ts',
  'widget/entries/api.ts',
  'widget/entries/react.ts',
] as const;

const TRAPPED = [
  'window',
  'document',
  'customElements',
  'navigator',
  'location',
  'localStorage',
  'sessionStorage',
  'self',
] as const;

function importInBareNode(module: string): { touched: string[]; exports: string[] } {
  const script = `
    const touched = [];
    for (const name of ${JSON.stringify(TRAPPED)}) {
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get() { touched.push(name); return undefined; },
      });
    }
    const mod = await import(${JSON.stringify(`./${module}`)});
    process.stdout.write(JSON.stringify({ touched, exports: Object.keys(mod).sort() }));
  `;
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '--eval', script],
    { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } },
  );
  if (result.status !== 0) {
    throw new Error(`import of ${module} failed in bare Node:\n${result.stderr}`);
  }
  return JSON.parse(result.stdout) as { touched: string[]; exports: string[] };
}

// Each check starts a fresh `node` with tsx: seconds apiece on a busy machine.
describe('public modules in bare Node', { timeout: 30_000 }, () => {
  it('runs without DOM globals', () => {
    expect(typeof (globalThis as { HTMLElement?: unknown }).HTMLElement).toBe('undefined');
  });

  for (const module of PUBLIC_MODULES) {
    it(`imports ${module} without touching a DOM global`, () => {
      const { touched, exports } = importInBareNode(module);
      expect(touched).toEqual([]);
      expect(exports.length).toBeGreaterThan(0);
    });
  }

  it('exposes the element class and its registration from the package entry', () => {
    const { exports } = importInBareNode('widget/entries/package-surface.ts');
    expect(exports).toEqual(
      expect.arrayContaining([
        'CallClient',
        'VoiceAssistantElement',
        'VoiceAssistantError',
        'createApiClient',
        'defineVoiceAssistant',
      ]),
    );
  });

  it("imports the package's `.` entry reading only `customElements`, and registers nothing", () => {
    // widget/entries/package.ts registers the element when a registry exists; this checks for one
    // and finds none, so nothing else is read and nothing is defined.
    const { touched, exports } = importInBareNode('widget/entries/package.ts');
    expect(touched).toEqual(['customElements']);
    expect(exports).toEqual(importInBareNode('widget/entries/package-surface.ts').exports);
  });
});
