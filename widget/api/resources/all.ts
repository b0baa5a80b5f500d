import { analyticsResource } from './analytics.ts';
import { assistantsResource } from './assistants.ts';
import { callsResource } from './calls.ts';
import { campaignsResource } from './campaigns.ts';
import { chatsResource } from './chats.ts';
import { credentialsResource } from './credentials.ts';
import { filesResource } from './files.ts';
import { knowledgeBasesResource } from './knowledge-bases.ts';
import { callLogsResource, logsResource } from './logs.ts';
import { orgsResource } from './orgs.ts';
import { phoneNumbersResource } from './phone-numbers.ts';
import { providersResource } from './providers.ts';
import { sessionsResource } from './sessions.ts';
import { squadsResource } from './squads.ts';
import { supportResource } from './support.ts';
import { templatesResource } from './templates.ts';
import { testSuitesResource } from './test-suites.ts';
import { tokensResource } from './tokens.ts';
import { toolsResource } from './tools.ts';
import { voiceLibraryResource } from './voice-library.ts';
import { workflowsResource } from './workflows.ts';

/**
 * Every resource group, listed once: the full client's property names map to their factories.
 * `createApiClient` builds one of each; the package entry exports each factory by its own name,
 * so a bundle that imports one resource carries only that one.
 */
export const RESOURCES = {
  calls: callsResource,
  chats: chatsResource,
  campaigns: campaignsResource,
  sessions: sessionsResource,
  support: supportResource,
  assistants: assistantsResource,
  phoneNumbers: phoneNumbersResource,
  tools: toolsResource,
  knowledgeBases: knowledgeBasesResource,
  squads: squadsResource,
  tokens: tokensResource,
  templates: templatesResource,
  files: filesResource,
  workflows: workflowsResource,
  testSuites: testSuitesResource,
  analytics: analyticsResource,
  logs: logsResource,
  callLogs: callLogsResource,
  orgs: orgsResource,
  credentials: credentialsResource,
  voiceLibrary: voiceLibraryResource,
  providers: providersResource,
} as const;

export {
  analyticsResource,
  assistantsResource,
  callLogsResource,
  callsResource,
  campaignsResource,
  chatsResource,
  credentialsResource,
  filesResource,
  knowledgeBasesResource,
  logsResource,
  orgsResource,
  phoneNumbersResource,
  providersResource,
  sessionsResource,
  squadsResource,
  supportResource,
  templatesResource,
  testSuitesResource,
  tokensResource,
  toolsResource,
  voiceLibraryResource,
  workflowsResource,
};
