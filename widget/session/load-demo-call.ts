import type { DemoChatState } from '../demo/chat-replies.ts';
import type { DemoCallOptions } from '../demo/demo-call.ts';
import type { DemoHost } from '../demo/host-names.ts';
import type { ToolCalls } from '../demo/server-messages.ts';

/**
 * The lazy boundary of the `demo-call` chunk (docs/architecture.md, the chunk map): the offline
 * demo assistant, fetched in demo mode only, at the click or the first Send.
 */
const loadDemoCall = () => import('../demo/demo-call.ts');

/**
 * Loads the offline demo assistant's call options, for the element's `assistant-name`; a
 * resumed call's script goes on after the `heardLines` the visitor heard on the last page.
 */
export function loadDemoOptions(
  assistantName: string | null,
  heardLines?: number,
): Promise<DemoCallOptions> {
  return loadDemoCall().then((demo) => demo.demoCallOptions(assistantName, heardLines));
}

/** The offline demo's typed answers, as the chat controller uses them. */
export interface DemoChat {
  /** A new conversation on a page with these names and listing. */
  start(host: DemoHost): DemoChatState;
  /** The reply to `text`; a complete booking first goes through the lead tools (`runTools`). */
  turn(
    text: string,
    state: DemoChatState,
    runTools: (calls: ToolCalls) => Promise<readonly string[]>,
  ): Promise<{ reply: string; state: DemoChatState }>;
}

/** Loads the demo's intent matching from the demo's own chunk (demo mode only). */
export function loadDemoChat(): Promise<DemoChat> {
  return loadDemoCall().then((m) => ({
    start: m.demoChatStart,
    turn: m.demoTurn,
  }));
}
