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
import type { RouteSpec } from './route-spec.ts';

/**
 * The route table: one row per SPEC §7 operation (135), with method, path template, body kind
 * and auth. Each resource module owns its rows (so importing one resource pulls only its rows)
 * and builds its methods from them; this table gathers them for the client, the docs and the
 * tests that hold the table to the spec.
 */
export const ROUTES = [
  ...CALL_ROUTES,
  ...CHAT_ROUTES,
  ...CAMPAIGN_ROUTES,
  ...SESSION_ROUTES,
  ...SUPPORT_ROUTES,
  ...ASSISTANT_ROUTES,
  ...PHONE_NUMBER_ROUTES,
  ...TOOL_ROUTES,
  ...KNOWLEDGE_BASE_ROUTES,
  ...SQUAD_ROUTES,
  ...TOKEN_ROUTES,
  ...TEMPLATE_ROUTES,
  ...FILE_ROUTES,
  ...WORKFLOW_ROUTES,
  ...TEST_SUITE_ROUTES,
  ...TEST_SUITE_TEST_ROUTES,
  ...TEST_SUITE_RUN_ROUTES,
  ...ANALYTICS_ROUTES,
  ...LOG_ROUTES,
  ...CALL_LOG_ROUTES,
  ...ORG_ROUTES,
  ...CREDENTIAL_ROUTES,
  ...VOICE_LIBRARY_ROUTES,
  ...PROVIDER_ROUTES,
] as const satisfies readonly RouteSpec[];

/** Any row of the table. */
export type Route = (typeof ROUTES)[number];
