import { ANALYTICS_ROUTES } from './resources/analytics.ts';
import { ASSISTANT_ROUTES } from './resources/assistants.ts';
import { CALL_ROUTES } from './resources/calls.ts';
import { CAMPAIGN_ROUTES } from './resources/campaigns.ts';
import { CHAT_ROUTES } from './resources/chats.ts';
import { CREDENTIAL_ROUTES } from './resources/credentials.ts';
import { FILE_ROUTES } from './resources/files.ts';
import { KNOWLEDGE_BASE_ROUTES } from './resources/knowledge-bases.ts';
import { CALL_LOG_ROUTES, LOG_ROUTES } from './resources/logs.ts';
import { ORG_ROUTES } from './resources/orgs.ts';
import { PHONE_NUMBER_ROUTES } from './resources/phone-numbers.ts';
import { PROVIDER_ROUTES } from './resources/providers.ts';
import { SESSION_ROUTES } from './resources/sessions.ts';
import { SQUAD_ROUTES } from './resources/squads.ts';
import { SUPPORT_ROUTES } from './resources/support.ts';
import { TEMPLATE_ROUTES } from './resources/templates.ts';
import {
  TEST_SUITE_ROUTES,
  TEST_SUITE_RUN_ROUTES,
  TEST_SUITE_TEST_ROUTES,
} from './resources/test-suites.ts';
import { TOKEN_ROUTES } from './resources/tokens.ts';
import { TOOL_ROUTES } from './resources/tools.ts';
import { VOICE_LIBRARY_ROUTES } from './resources/voice-library.ts';
import { WORKFLOW_ROUTES } from './resources/workflows.ts';
import type { BodyKind, RouteSpec } from './route-spec.ts';

/**
 * Row lists by the client group that exposes them, dotted for nested groups. Each resource module
 * owns its rows (so importing one resource pulls only its rows) and builds its methods from them.
 */
const GROUPS = {
  calls: CALL_ROUTES,
  chats: CHAT_ROUTES,
  campaigns: CAMPAIGN_ROUTES,
  sessions: SESSION_ROUTES,
  support: SUPPORT_ROUTES,
  assistants: ASSISTANT_ROUTES,
  phoneNumbers: PHONE_NUMBER_ROUTES,
  tools: TOOL_ROUTES,
  knowledgeBases: KNOWLEDGE_BASE_ROUTES,
  squads: SQUAD_ROUTES,
  tokens: TOKEN_ROUTES,
  templates: TEMPLATE_ROUTES,
  files: FILE_ROUTES,
  workflows: WORKFLOW_ROUTES,
  testSuites: TEST_SUITE_ROUTES,
  'testSuites.tests': TEST_SUITE_TEST_ROUTES,
  'testSuites.runs': TEST_SUITE_RUN_ROUTES,
  analytics: ANALYTICS_ROUTES,
  logs: LOG_ROUTES,
  callLogs: CALL_LOG_ROUTES,
  orgs: ORG_ROUTES,
  credentials: CREDENTIAL_ROUTES,
  voiceLibrary: VOICE_LIBRARY_ROUTES,
  providers: PROVIDER_ROUTES,
} as const satisfies Record<string, readonly RouteSpec[]>;

type Groups = typeof GROUPS;

/** Any row of the table, with every field spelled out and the client group it belongs to. */
export type Route = {
  [G in keyof Groups]: Groups[G][number] & {
    readonly group: G;
    readonly body: BodyKind;
    readonly auth: 'bearer' | 'none';
  };
}[keyof Groups];

/**
 * The route table: one row per docs/behaviour.md#api-routes operation (135), with method, path template, body kind
 * (`none` where the resource row leaves it out), auth (`bearer` unless the row says `none`) and
 * the client group that exposes it. The client is built from the same rows, and
 * tests/unit/api-routes.test.ts holds this table to the platform's route list, written out there.
 */
export const ROUTES: readonly Route[] = Object.entries(GROUPS).flatMap(([group, rows]) =>
  rows.map((row: RouteSpec) => ({ body: 'none', auth: 'bearer', ...row, group }) as Route),
);
