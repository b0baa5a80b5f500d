// Over 300 lines as one concept: the element's public surface as data (attributes, events,
// parts, custom properties), from which docs/element.md and the manifest are generated.
import type { WidgetEventName } from './after-intent/dom-events.ts';
import type { AttributeName } from './attributes.ts';

/**
 * Reference documentation of `<voice-assistant>`, as data: `scripts/widget-manifest.ts` writes
 * `custom-elements.json` from it. The `Record` types make a new attribute or event fail to
 * compile until it is documented here. Not part of any bundle.
 */

export interface AttributeDoc {
  description: string;
  type: string;
  default?: string;
}

/**
 * Only a missing call target (or two of them) replaces the widget with the `problem` message.
 * A bad value of any other attribute is ignored with one console warning that names the
 * attribute and what to write, and its default is used. URL attributes resolve against the
 * page's base URL, as `<a href>` does.
 */
export const ATTRIBUTE_DOCS: Record<AttributeName, AttributeDoc> = {
  'assistant-id': { type: 'string', description: 'The assistant to talk to.' },
  'squad-id': { type: 'string', description: 'A squad instead of an assistant.' },
  'workflow-id': { type: 'string', description: 'A workflow instead of an assistant.' },
  'assistant-overrides': {
    type: 'string (JSON object)',
    description: 'Assistant overrides sent with the web call, as a JSON object.',
  },
  'public-key': {
    type: 'string',
    description: 'The platform public key. Without it the offline demo assistant is used.',
  },
  'api-base-url': {
    type: 'string',
    description: 'The platform API host for POST /call/web.',
    default: 'https://api.vapi.ai',
  },
  mode: {
    type: "'inline' | 'fullscreen' | 'floating'",
    description:
      'inline fills its box; fullscreen is the black full-screen demo page; floating is a launcher in a bottom corner (position) that opens a compact panel.',
    default: 'inline',
  },
  'label-idle': {
    type: 'string',
    description: 'Button label when idle.',
    default: 'Talk to Assistant',
  },
  'label-connecting': {
    type: 'string',
    description: 'Button label while connecting.',
    default: 'Connecting...',
  },
  'label-active': { type: 'string', description: 'Button label during a call.', default: 'Stop' },
  demo: {
    type: 'boolean',
    description:
      'Use the offline demo assistant (also used when public-key is missing); shows a "Demo assistant (offline)" badge.',
  },
  'assistant-name': {
    type: 'string',
    description:
      'The assistant\'s name: the panel title says "Talk to <name>", as does the idle label unless label-idle is set; the status line says "<name> is speaking…".',
  },
  avatar: {
    type: 'string (image URL, may be relative)',
    description:
      "The assistant's picture, shown in the floating launcher and panel once the visitor shows intent (never fetched before). A broken image falls back to the name's initial. Under a strict CSP, img-src must allow the image's origin.",
  },
  captions: {
    type: "'on' | 'off'",
    description:
      'Live captions: the Transcript log (floating panel), the latest line (inline) or the last two lines as subtitles (fullscreen). off hides them.',
    default: 'on',
  },
  position: {
    type: "'bottom-right' | 'bottom-left'",
    description: 'The corner of the floating launcher and panel (safe-area insets respected).',
    default: 'bottom-right',
  },
  listing: {
    type: "'auto'",
    description:
      "auto reads the page's schema.org JSON-LD (RealEstateListing, Offer, Residence, House, Apartment…) for the listing; the listing-* attributes win over it.",
  },
  'listing-address': {
    type: 'string',
    description: 'The listing’s address, sent to the assistant as {{listing_address}}.',
  },
  'listing-price': {
    type: 'string',
    description: 'The asking price, sent as {{listing_price}}.',
  },
  'listing-id': { type: 'string', description: 'The MLS number, sent as {{listing_id}}.' },
  'listing-url': {
    type: 'string (http(s) URL, may be relative)',
    description: 'The listing’s page, sent as {{listing_url}} (resolved against the page).',
  },
  'agent-name': {
    type: 'string',
    description: 'The listing agent’s name, sent as {{agent_name}}.',
  },
  brokerage: {
    type: 'string',
    description:
      'The brokerage’s name, as the seller named in the contact consent box: "<brokerage> may call or text me at <phone> about homes. Consent is not a condition of buying." Without it the box names the agent (agent-name), else "The brokerage".',
  },
  'lead-endpoint': {
    type: 'string (URL, may be relative)',
    description:
      'Where leads and viewing requests are POSTed as JSON, retried and kept until delivered. A relative URL (/forms/lead) resolves against the page; the result must be https (http only for localhost).',
  },
  analytics: {
    type: "'datalayer'",
    description:
      "datalayer pushes each step of the funnel (open, consent, call start and end, chat start, viewing request, lead, error) to window.dataLayer in GA4's shape; never a name, phone, email or transcript.",
  },
  chat: {
    type: "'on' | 'off'",
    description:
      'on offers "Type instead": a text box that chats through POST /chat/web without a call, or sends add-message during one. off hides it.',
    default: 'on',
  },
  consent: {
    type: 'string',
    description:
      'A recording and data-use disclosure shown in a "Before we start" dialog before the first call or chat. Agreeing is stored on the device, keyed by a hash of this text.',
  },
  'consent-url': {
    type: 'string (http(s) URL, may be relative)',
    description:
      'A link to the full terms, shown in the consent dialog. privacy.html or ../terms resolve against the page, as <a href> does.',
  },
  lang: {
    type: 'string (BCP 47)',
    description:
      'The language of every visible text: en, es, fr, de, pt, zh (Simplified) or ar (right to left). Without it: the nearest lang ancestor, then the browser language, then English. Sent to the assistant as the variable "language".',
  },
  'resume-seconds': {
    type: 'number (seconds, 0 or more)',
    default: '30',
    description:
      "How long after the visitor leaves the page (a link, a reload) a live call, or a typed chat under way, may resume on the next page of the same tab that has the widget; the assistant in a call is told the new page's listing. 0 turns resuming off. The call's id and room (the chat's id) are kept in sessionStorage; the transcript only once the visitor agreed to the consent disclosure.",
  },
  'office-phone': {
    type: 'string (a phone number)',
    description:
      'The office\'s number, shown as a tel: link by "Talk to a person" (after a callback request, and alone without lead-endpoint). "Talk to a person" shows when lead-endpoint or office-phone is set.',
  },
  'office-hours': {
    type: 'string (JSON: officeHours of assistant.config.json)',
    description:
      'The office\'s opening hours, { "timeZone": "America/Vancouver", "hours": [{ "days": "Monday to Friday", "open": "09:00", "close": "18:00" }] }. Inside them "Talk to a person" offers "Call me now"; outside them "Call me back" at one of the next three openings, and says when the office opens. Without it "Call me now" is offered.',
  },
};

export interface EventDoc {
  description: string;
  detail: string;
}

export const EVENT_DOCS: Record<WidgetEventName, EventDoc> = {
  'voice-assistant:state-change': {
    detail: "{ state: 'idle' | 'connecting' | 'active' }",
    description: 'The visible state changed.',
  },
  'voice-assistant:call-start': {
    detail: 'null',
    description: 'The assistant is listening: the conversation has started.',
  },
  'voice-assistant:call-end': { detail: 'null', description: 'The call ended.' },
  'voice-assistant:speech-start': {
    detail: 'null',
    description: 'The assistant started speaking.',
  },
  'voice-assistant:speech-end': { detail: 'null', description: 'The assistant stopped speaking.' },
  'voice-assistant:message': {
    detail: '{ type: string, ... }',
    description: 'A server message: transcripts, status updates and others, tagged by type.',
  },
  'voice-assistant:error': {
    detail: '{ code: string, message: string, stage: string | undefined, recoverable: boolean }',
    description:
      'Something failed and the status line shows the message: with recoverable false the element is back to idle; with true the call goes on.',
  },
  'voice-assistant:lead': {
    detail:
      "LeadCapture: { kind: 'lead', fields, listing, conversationId, toolCallId, capturedAt, idempotencyKey, consent, pageUrl }",
    description:
      'The assistant captured a lead (capture_lead). Cancelable: preventDefault() stops the widget posting it to lead-endpoint.',
  },
  'voice-assistant:viewing-request': {
    detail:
      "ViewingCapture: { kind: 'viewing-request', fields, listing, conversationId, toolCallId, capturedAt, idempotencyKey, consent, pageUrl }",
    description:
      'The assistant captured a viewing request (request_viewing). Cancelable, like voice-assistant:lead.',
  },
  'voice-assistant:lead-delivery': {
    detail:
      "{ idempotencyKey: string, status: 'delivered' | 'queued' | 'failed', reason: string | null }",
    description:
      'How a capture posted to lead-endpoint went: queued after a try that did not deliver (the likely cause in reason, e.g. CORS), then delivered or failed. No personal data.',
  },
  'voice-assistant:consent': {
    detail: '{ version: string, acceptedAt: string }',
    description:
      'The visitor agreed to the consent text (version = hash of the text); also sent in assistantOverrides.metadata.consent.',
  },
  'voice-assistant:callback': {
    detail:
      "CallbackRequest: { kind: 'callback', urgent, requestedTime, fields: { name, phone, consentToContact } | null, officePhone, listing, conversationId, capturedAt, idempotencyKey, contactConsent, pageUrl }",
    description:
      'The visitor asked for a person: "Call me now" (urgent: true) or "Call me back" at requestedTime, posted to lead-endpoint as kind "callback". Without lead-endpoint only the office\'s tel: link is offered and fields is null. Cancelable when fields is set, like voice-assistant:lead.',
  },
};

export interface MethodDoc {
  name: string;
  signature: string;
  description: string;
}

export const METHOD_DOCS: readonly MethodDoc[] = [
  {
    name: 'start',
    signature: '() => Promise<void>',
    description: 'Starts a call; resolves when it is up or has failed.',
  },
  {
    name: 'stop',
    signature: '() => Promise<void>',
    description: 'Ends the call, or cancels one that is connecting.',
  },
  {
    name: 'setMuted',
    signature: '(muted: boolean) => void',
    description: 'Mutes or unmutes the microphone (throws without a call).',
  },
  {
    name: 'isMuted',
    signature: '() => boolean',
    description: 'Whether the microphone is muted (throws without a call).',
  },
  {
    name: 'say',
    signature: '(text: string, endCallAfterSpoken?: boolean) => void',
    description: 'Makes the assistant say the text (throws without a call).',
  },
];

export const CSS_PROPERTY_DOCS: Record<string, { description: string; default: string }> = {
  '--va-font': { description: 'Font family.', default: 'system-ui, sans-serif' },
  '--va-fg': { description: 'Text colour.', default: '#0f172a (#fff in fullscreen)' },
  '--va-bg': { description: 'Background.', default: 'transparent (#000 in fullscreen)' },
  '--va-accent': { description: 'Wave colour.', default: '#60a5fa' },
  '--va-button-bg': { description: 'Talk button background.', default: '#1d4ed8' },
  '--va-button-fg': { description: 'Talk button text colour.', default: '#fff' },
  '--va-stop-bg': { description: 'Button background during a call.', default: '#b91c1c' },
  '--va-stop-fg': { description: 'Button text colour during a call.', default: '#fff' },
  '--va-focus': { description: 'Focus ring colour.', default: '#f59e0b' },
  '--va-radius': { description: 'Button corner radius.', default: '9999px' },
  '--va-panel-bg': { description: 'Floating panel background.', default: '#0b1220' },
  '--va-panel-fg': { description: 'Floating panel text colour.', default: '#fff' },
  '--va-min-height': {
    description:
      'Minimum height in inline mode, what the button, Type instead and the status line need. A smaller box is too small to use: the widget keeps this height (overflowing the box) and says so with one console warning.',
    default: '136px',
  },
  '--va-caption-fg': {
    description: 'Caption, transcript and status text colour.',
    default: '#0f172a inline, #fff fullscreen and in the panel',
  },
  '--va-caption-bg': {
    description: 'Backdrop behind captions and the status line, so the wave never crosses them.',
    default:
      'rgb(255 255 255 / 0.92) inline, rgb(0 0 0 / 0.72) fullscreen, transparent in the panel',
  },
  '--va-inset-top': {
    description:
      "Height of the host page's fixed or sticky header: the floating panel and the bottom sheet never grow under it, so their close button stays reachable. Set it to the header's height, e.g. voice-assistant { --va-inset-top: 72px; }.",
    default: '0px',
  },
  '--va-z-index': {
    description: 'Stacking order in fullscreen and floating modes.',
    default: '2147483000',
  },
};

export const CSS_PART_DOCS: Record<string, string> = {
  container: "The widget's box.",
  button: 'The talk button (and the floating launcher).',
  launcher: 'The floating launcher.',
  wave: 'The wave canvas.',
  status: 'The aria-live status line.',
  badge: 'The "Demo assistant (offline)" badge.',
  panel: 'The floating panel.',
  close: "The floating panel's close button.",
  problem:
    'The message shown when no call is possible: no assistant-id, squad-id or workflow-id, or more than one, or a `public-key` copied from an example (`YOUR_PUBLIC_KEY`): it says the value is a placeholder, that keys are in the dashboard’s API Keys, and that removing `public-key` gives the offline demo.',
  transcript:
    'The Transcript log (role log): spoken and typed lines (typed ones marked) in the panel, the latest line inline, subtitles in fullscreen; the whole log while the text box is open.',
  'transcript-line':
    'One transcript line (also transcript-line--assistant / transcript-line--user).',
  'call-length': 'The "Call ended · 1:23" line shown after a call.',
  mute: 'The Mute microphone toggle (aria-pressed).',
  'secondary-controls': 'The row of small controls next to Mute.',
  avatar: "The assistant's picture or initial.",
  'type-instead': 'The "Type instead" button.',
  'talk-to-person':
    'The "Talk to a person" button: a call from the office now or at an opening, or its number.',
  chat: 'The text box: message field and Send (its lines go to the transcript log).',
  'consent-dialog': 'The "Before we start" consent dialog.',
  'consent-overlay': 'The backdrop behind the consent dialog.',
};
