import type { components, paths as PublicPaths } from './generated/vapi.d.ts';
import type { paths as ExtendedPaths } from './generated/vapi-extended.d.ts';

// Hand-kept types for the docs/behaviour.md#api-routes routes that neither OpenAPI document describes (and for
// POST /call/web, which the documents describe incompletely), in the same shape
// openapi-typescript generates, so types.ts treats all three sources alike. Where the
// platform's field list is not published, the body is an open object: it compiles anything and
// claims nothing. Keep this file small; prefer the generated types whenever a document gains
// the route.

type Schemas = components['schemas'];
/** An object whose fields the published documents do not list. */
type Open = { [field: string]: unknown };
type QueryOf<P extends keyof PublicPaths | keyof ExtendedPaths, Source> = P extends keyof Source
  ? Source[P] extends { get: { parameters: { query?: infer Q } } }
    ? Q
    : never
  : never;

interface GetOperation<Query, Result> {
  parameters: { query?: Query };
  requestBody?: never;
  responses: { 200: { content: { 'application/json': Result } } };
}

interface PostOperation<Body, Result> {
  parameters: { query?: never };
  requestBody: { content: { 'application/json': Body } };
  responses: { 201: { content: { 'application/json': Result } } };
}

/** Paging parameters shared by the paginated listings. */
interface PageQuery {
  page?: number;
  limit?: number;
  sortOrder?: 'ASC' | 'DESC';
}

/**
 * A spec type as callers can really send it: the published document marks fields that have
 * server-side defaults as required and types `variableValues` as an empty record, so every
 * top-level field is optional here and `variableValues` takes any values. The server validates.
 */
export type Lenient<T> = Partial<Omit<T, 'variableValues'>> &
  ('variableValues' extends keyof T ? { variableValues?: Record<string, unknown> } : unknown);

/** The inline objects of a web call, each {@link Lenient}. */
interface WebCallInline {
  assistant?: Lenient<Schemas['CreateAssistantDTO']>;
  assistantOverrides?: Lenient<Schemas['AssistantOverrides']>;
  squad?: Lenient<Schemas['CreateSquadDTO']>;
  workflow?: Lenient<Schemas['CreateWorkflowDTO']>;
  workflowOverrides?: Lenient<Schemas['WorkflowOverrides']>;
}

/**
 * POST /call/web body (docs/behaviour.md#web-call): an id (`assistantId`, `squadId`,
 * `workflowId`) or an inline object for the assistant, squad or workflow, plus overrides. The
 * one type for this body: the API client's `calls.createWeb` takes it and the call client's
 * `createWebCall` receives it. Every field is optional (see {@link Lenient}), because the
 * document marks fields required that the platform fills in itself.
 */
export type WebCallBody = Lenient<Omit<Schemas['CreateWebCallDTO'], keyof WebCallInline>> &
  WebCallInline;

/**
 * POST /call/web response: a call plus what the browser needs to join the room. The documents
 * omit `webCallUrl` and `transport.callToken`, which the platform returns, and describe the
 * rest incompletely, so every top-level field is optional (see {@link Lenient}); the call client
 * needs only a room URL. The one type for this response: `calls.createWeb` resolves with it,
 * and so do the call client's `createWebCall` and `start()`.
 */
export type WebCallResponse = Lenient<Omit<Schemas['Call'], 'transport'>> & {
  webCallUrl?: string;
  transport?: { callUrl?: string; callToken?: string; [field: string]: unknown };
};

type ChatDTO = Schemas['CreateChatDTO'];

/** At most one of two ways to give something: the fields of `A` or of `B`, never both. */
type OneOf<A, B> = (A & { [K in keyof B]?: never }) | (B & { [K in keyof A]?: never });

/**
 * POST /chat/web body: a text chat with a public key, outside a voice call. The route is in the
 * platform's route list (tests/unit/api-routes.test.ts) but in neither document; the platform's docs (docs.vapi.ai/chat) give it the
 * fields of `CreateChatDTO`: an assistant by id or inline (or a squad), the visitor's `input`,
 * and the conversation carried by `previousChatId` (the last reply's `id`) or a `sessionId`,
 * never both; `stream` asks for the reply as server-sent chunks.
 */
export type WebChatBody = OneOf<Pick<ChatDTO, 'assistantId'>, Pick<ChatDTO, 'assistant'>> &
  OneOf<Pick<ChatDTO, 'previousChatId'>, Pick<ChatDTO, 'sessionId'>> &
  Pick<ChatDTO, 'input' | 'stream' | 'assistantOverrides' | 'squadId' | 'name'>;

/**
 * POST /chat/web response (the document's `WebChat`): the chat's `id` (the next message's
 * `previousChatId`), an optional `sessionId`, and the `output` messages (the assistant's reply).
 */
export type WebChatResponse = Schemas['WebChat'];

/** Routes missing from both documents (and the voice-clone route under its generic template). */
export interface SupplementPaths {
  '/call/web': { post: PostOperation<WebCallBody, WebCallResponse> };
  '/v2/call/export': {
    get: GetOperation<QueryOf<'/v2/call', ExtendedPaths> & { format?: 'csv' | 'json' }, unknown>;
  };
  '/chat/web': { post: PostOperation<WebChatBody, WebChatResponse> };
  '/chat/web/responses': { post: PostOperation<Open, Open> };
  '/campaign/paginated': {
    get: GetOperation<
      QueryOf<'/campaign', PublicPaths> & PageQuery,
      Schemas['CampaignPaginatedResponse']
    >;
  };
  '/support/ticket': { post: PostOperation<Open, Open> };
  '/assistant/{id}/version': {
    get: GetOperation<
      PageQuery & { cursor?: string },
      Schemas['AssistantVersionPaginatedResponse']
    >;
  };
  '/workflow/generate': { post: PostOperation<Open, Open> };
  '/org/{id}/auth': { get: GetOperation<never, Open> };
  '/voice-library/create-sesame-voice': { post: PostOperation<Open, Open> };
  '/{voiceProvider}/voice/clone': ExtendedPaths['/11labs/voice/clone'];
}
