import { idleLabel, TYPE_INSTEAD, talkTo } from './idle-labels.ts';
import type { WidgetTexts } from './widget-texts.ts';

const again = (idle: string): string => `und tippen Sie dann erneut auf „${idle}“.`;

/** German (Deutsch), in the formal “Sie” a visitor expects from a brokerage. */
export const de: WidgetTexts = {
  labels: { idle: idleLabel('de'), connecting: 'Verbinden...', active: 'Auflegen' },
  // The demo's voice speaks English only: its badge says so.
  demoBadge: 'Demo · englische Stimme',
  loadFailed:
    'Der Assistent konnte nicht geladen werden. Prüfen Sie Ihre Internetverbindung und tippen Sie dann erneut auf die Schaltfläche.',
  talkTo: (name) => talkTo('de', name),
  close: 'Schließen',
  callEnded: 'Gespräch beendet.',
  connected: 'Verbunden. Sie können jetzt sprechen.',
  mute: 'Mikrofon stummschalten',
  callControls: 'Anrufsteuerung',
  speaking: (name) => `${name} spricht…`,
  listening: 'Hört zu…',
  visitorSpeaking: 'Sie sprechen…',
  muted: (name) => `Mikrofon stumm: ${name} kann Sie nicht hören.`,
  callEndedAfter: (time) => `Anruf beendet · ${time}`,

  typeInstead: TYPE_INSTEAD.de,
  talkToPerson: 'Mit einem Menschen sprechen',
  typeWhenNoMicrophone: 'Sie können Ihre Frage auch schreiben.',
  transcript: 'Gesprächsverlauf',
  messageTo: (name) => `Nachricht an ${name}`,
  messageHint: 'Eingabe sendet. Umschalt+Eingabe beginnt eine neue Zeile.',
  send: 'Senden',
  you: 'Sie',
  sampleVisitor: 'Beispielbesucher',
  assistant: 'Assistent',
  typed: 'geschrieben',
  typing: 'Der Assistent schreibt…',
  notSent: 'Nicht gesendet. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  retry: 'Erneut versuchen',

  consentTitle: 'Bevor es losgeht',
  agree: 'Zustimmen',
  notNow: 'Jetzt nicht',
  consentTerms: 'Vollständige Bedingungen lesen',

  errors: {
    microphoneSetting: {
      chrome:
        'Klicken Sie in Chrome links in der Adressleiste auf das Symbol für Website-Einstellungen und erlauben Sie das Mikrofon',
      edge: 'Klicken Sie in Edge links in der Adressleiste auf das Schloss, öffnen Sie die Berechtigungen der Website und erlauben Sie das Mikrofon',
      firefox:
        'Klicken Sie in Firefox auf das durchgestrichene Mikrofon in der Adressleiste und heben Sie die Sperre auf',
      safari:
        'Öffnen Sie in Safari „Safari › Einstellungen für diese Website“ (oder Einstellungen › Websites › Mikrofon) und erlauben Sie das Mikrofon',
      other: 'Erlauben Sie das Mikrofon für diese Website in den Einstellungen Ihres Browsers',
    },
    microphoneDenied: (setting, idle) =>
      `Der Zugriff auf das Mikrofon ist blockiert. ${setting} ${again(idle)}`,
    microphoneNotFound: (idle) =>
      `Es wurde kein Mikrofon gefunden. Schließen Sie eines an (oder prüfen Sie die Toneinstellungen) ${again(idle)}`,
    microphoneInUse: (idle) =>
      `Ihr Mikrofon ist belegt oder ließ sich nicht starten. Schließen Sie andere Apps, die es nutzen, ${again(idle)}`,
    unreachable: (detail) =>
      `Der Assistent ist nicht erreichbar (${detail}). Prüfen Sie die Assistenten-ID und den öffentlichen Schlüssel oder versuchen Sie es gleich noch einmal.`,
    connectFailed: (detail, idle) =>
      `Die Verbindung kam nicht zustande (${detail}). Prüfen Sie Ihre Internetverbindung ${again(idle)}`,
    generic: (detail, idle) =>
      `Etwas ist schiefgelaufen (${detail}). Tippen Sie bitte erneut auf „${idle}“.`,
  },
  problems: {
    noTarget: (tag) =>
      `Es ist kein Assistent festgelegt. Ergänzen Sie assistant-id="…" (oder squad-id / workflow-id) an <${tag}>.`,
    severalTargets: (found) =>
      `Setzen Sie nur eines von assistant-id, squad-id oder workflow-id (gefunden: ${found}).`,
    placeholderKey: (value) =>
      `public-key="${value}" ist ein Platzhalter. Fügen Sie Ihren öffentlichen Schlüssel aus dem Dashboard der Plattform ein (API Keys), oder entfernen Sie public-key, um die Offline-Demo zu testen.`,
  },
};
