// A named import, so the bundle holds only `retention`, never the agents' emails and phones
// (tests/browser/site-one-name.test.ts).
import { retention as configured } from '../../assistant.config.json' with { type: 'json' };
import { readRetention } from '../../desk/config/retention.ts';
import { GTM_CONTAINER } from './analytics.ts';
import { company } from './company.ts';
import { type LegalDocument, legalVariables } from './legal.ts';

/**
 * What the privacy page says about cookies: "no analytics cookies" only while no Google Tag
 * Manager container is set (site/copy/analytics.json); with one, what it sets and how to refuse.
 */
export function analyticsParagraph(container: string | null): string {
  const device =
    'The assistant stores settings on your device only after you agree to it, and you can clear ' +
    'them with your browser’s site data controls.';
  return container === null
    ? `This website sets no advertising or analytics cookies. ${device}`
    : 'This website measures its visits with Google Tag Manager and the analytics tags it loads ' +
        '(such as Google Analytics), which set analytics cookies (for example _ga) and send ' +
        'Google which pages you view and how you use the assistant; never your name, phone, ' +
        'email or what you said. It sets no advertising cookies. You can block these cookies ' +
        `in your browser’s settings or with Google’s opt-out add-on. ${device}`;
}

/**
 * How long the desk keeps what it stores: `retention` in assistant.config.json, with the same
 * defaults the desk's daily sweep uses, so the page and the sweep never disagree.
 */
const kept = readRetention(configured).retention;

/** Copy of /privacy: what the site, the contact form and the voice assistant collect. */
export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  description: `What ${company.name} collects through its website, contact form and voice assistants, why, who receives it and for how long.`,
  updated: legalVariables.privacyUpdated,
  intro:
    `${company.name} builds AI voice assistants that real estate brokerages put on their ` +
    'websites. This policy explains what we collect when you use this website, send us the ' +
    'contact form or talk to an assistant, and what happens to it.',
  sections: [
    {
      id: 'contact-form',
      heading: 'The contact form',
      paragraphs: [
        'When you send the contact form we receive the name, email address, phone number, ' +
          'company or brokerage and message you typed. We use them only to answer you and to ' +
          'prepare the demo you asked about.',
        'The form is delivered by a form-processing service acting on our behalf. It stores the ' +
          'message until it reaches our inbox and discards messages it flags as spam.',
      ],
    },
    {
      id: 'assistant',
      heading: 'The voice assistant',
      paragraphs: [
        'An assistant starts listening only after you press its talk button and your browser ' +
          'has asked for microphone access. While the call runs it receives:',
      ],
      items: [
        'your voice, and a written transcript of what you and the assistant say;',
        'what you choose to tell it, such as your name, phone number, email address, the ' +
          'property you are interested in, your budget and the viewing times that suit you;',
        'technical data the call needs: your IP address, browser type and call quality figures.',
      ],
    },
    {
      id: 'recording',
      heading: 'Calls are recorded and transcribed',
      paragraphs: [
        'Calls are recorded and transcribed by the voice platform that runs the assistant, a ' +
          'processor working on our and the brokerage’s instructions. The recording and the ' +
          'transcript let the brokerage follow up on your request and let us check and improve ' +
          'the assistant’s answers. If you do not want to be recorded, do not start a call (or ' +
          'end it) and use the brokerage’s other contact details instead.',
        'Before the first call or chat, the assistant on this website shows this notice and ' +
          'starts nothing until you agree. Your agreement (which version of the notice, and ' +
          'when) is kept on your device and sent with the call as its record, so a changed ' +
          'notice asks you again.',
        'The demo on this website plays a prerecorded conversation: nothing you say or type ' +
          'during the demo is sent anywhere. The sample lead it ends with describes the demo’s ' +
          'own made-up visitor, not you.',
      ],
    },
    {
      id: 'leads',
      heading: 'How leads reach the brokerage',
      paragraphs: [
        'When you ask an assistant on a brokerage’s website for a viewing, a callback or ' +
          'information, it turns the conversation into a lead: your contact details, what you ' +
          'asked for and a short summary. The lead is sent to that brokerage only, by email or ' +
          'into the customer-relationship system it connected, and the brokerage handles it ' +
          'under its own privacy policy. We do not sell leads, share them between brokerages or ' +
          'use them for advertising.',
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      paragraphs: ['We keep personal data only as long as it serves the purpose above:'],
      items: [
        'contact form messages: up to 24 months after our last exchange with you;',
        `call recordings and transcripts: ${kept.transcriptDays} days after the call;`,
        `leads: deleted from our systems ${kept.leadDays} days after their last activity; the ` +
          'brokerage keeps its copy in its own systems under its own policy;',
        `technical logs: ${kept.logDays} days, without the content of your calls or messages.`,
      ],
    },
    {
      id: 'device',
      heading: 'Cookies and your device',
      paragraphs: [analyticsParagraph(GTM_CONTAINER)],
    },
    {
      id: 'rights',
      heading: 'Your choices and rights',
      paragraphs: [
        'You can ask us for a copy of your data, to correct it or to delete it, and you can ' +
          'object to its use. For a lead held by a brokerage, we pass your request to that ' +
          'brokerage. You may also complain to your data protection authority.',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact',
      paragraphs: [
        `Write to ${company.email} with “Privacy” in the subject. We answer within 30 days, ` +
          'usually much sooner.',
      ],
    },
  ],
};
