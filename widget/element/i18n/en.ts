import { TEXTS } from '../texts.ts';
import { DEMO_BADGE, idleLabel, TYPE_INSTEAD, talkTo } from './idle-labels.ts';
import type { WidgetTexts } from './widget-texts.ts';

const again = (idle: string): string => `then press “${idle}” again.`;

/** English: the default, and the fallback for languages the widget does not have. */
export const en: WidgetTexts = {
  labels: { idle: idleLabel('en'), connecting: 'Connecting...', active: 'Stop' },
  demoBadge: DEMO_BADGE.en,
  loadFailed: TEXTS.loadFailed,
  talkTo: (name) => talkTo('en', name),
  close: 'Close',
  callEnded: 'Call ended.',
  connected: 'Connected. Start talking.',
  mute: 'Mute microphone',
  callControls: 'Call controls',
  speaking: (name) => `${name} is speaking…`,
  listening: 'Listening…',
  visitorSpeaking: 'You are speaking…',
  muted: (name) => `Microphone muted. ${name} can’t hear you.`,
  callEndedAfter: (time) => `Call ended · ${time}`,

  typeInstead: TYPE_INSTEAD.en,
  talkToPerson: 'Talk to a person',
  typeWhenNoMicrophone: 'You can type your question instead.',
  transcript: 'Transcript',
  messageTo: (name) => `Message to ${name}`,
  messageHint: 'Enter sends. Shift+Enter starts a new line.',
  send: 'Send',
  you: 'You',
  sampleVisitor: 'Sample visitor',
  assistant: 'Assistant',
  typed: 'typed',
  typing: 'The assistant is typing…',
  notSent: 'Not sent. Check your connection, then try again.',
  retry: 'Try again',

  consentTitle: 'Before we start',
  agree: 'Agree',
  notNow: 'Not now',
  consentTerms: 'Read the full terms',

  errors: {
    microphoneSetting: {
      chrome:
        'In Chrome, click the site-settings icon at the left of the address bar and set Microphone to Allow',
      edge: 'In Edge, click the lock icon at the left of the address bar, open Permissions for this site and set Microphone to Allow',
      firefox:
        'In Firefox, click the crossed-out microphone icon in the address bar and clear the blocked permission',
      safari:
        'In Safari, open Safari › Settings for This Website (or Settings › Websites › Microphone) and set Microphone to Allow',
      other: "Allow the microphone for this site in your browser's site settings",
    },
    microphoneDenied: (setting, idle) => `Microphone access is blocked. ${setting}, ${again(idle)}`,
    microphoneNotFound: (idle) =>
      `No microphone was found. Connect one (or check your system sound settings), ${again(idle)}`,
    microphoneInUse: (idle) =>
      `Your microphone is busy or could not start. Close other apps that use it, ${again(idle)}`,
    unreachable: (detail) =>
      `The assistant could not be reached: ${detail}. Check the assistant id and public key, or try again in a moment.`,
    connectFailed: (detail, idle) =>
      `The call could not connect: ${detail}. Check your internet connection, ${again(idle)}`,
    generic: (detail, idle) => `Something went wrong: ${detail}. Please press “${idle}” again.`,
  },
  problems: {
    noTarget: (tag) =>
      `No assistant is set. Add assistant-id="…" (or squad-id / workflow-id) to <${tag}>.`,
    severalTargets: (found) =>
      `Set only one of assistant-id, squad-id or workflow-id (found ${found}).`,
    placeholderKey: (value) =>
      `public-key="${value}" is a placeholder: paste your key from the dashboard’s API Keys, or remove it for the offline demo.`,
  },
};
