import type { DemoWords } from './demo-words.ts';

/** German (Deutsch), in the formal “Sie” of the widget's German texts. */
export const de: DemoWords = {
  listingAgent: 'der zuständige Makler',
  slot: { '2:00 PM': '14:00 Uhr', '4:00 PM': '16:00 Uhr' },
  day: 'Samstag',
  greeting: (name, brokerage, address) =>
    name === null
      ? `Hallo, ich bin Nora, die virtuelle Assistentin von ${brokerage}. Fragen Sie mich zu ${address}: Preis, Zimmer oder eine Besichtigung.`
      : `Hallo, ich bin ${name}, ein virtueller Assistent. Fragen Sie mich zu ${address}, oder buchen Sie eine Besichtigung.`,
  listed: (address, price) => `${address} wird für ${price} angeboten.`,
  rooms: (bedrooms, baths) => `Es hat ${bedrooms} Schlafzimmer und ${baths} Bäder.`,
  at: (address) => `Das Haus liegt in ${address}.`,
  features: 'Es hat eine renovierte Küche und einen eingezäunten Garten.',
  unknown: (what, address, agent) =>
    `Diese Offline-Demo kennt ${{ price: 'den Preis', rooms: 'die Zimmer', features: 'die Ausstattung' }[what]} von ${address} nicht. ${agent} sagt es Ihnen, wenn die Besichtigung bestätigt wird.`,
  offer: (first, second) =>
    `Ich kann Ihnen für diesen Samstag eine Besichtigung buchen. Frei sind ${first} und ${second}. Was passt Ihnen?`,
  which: (first, second, notOpen) =>
    `${notOpen ? 'Diese Uhrzeit ist nicht frei. ' : ''}Diesen Samstag sind ${first} und ${second} frei. Was möchten Sie?`,
  already: (time) => `Sie sind bereits für Samstag um ${time} gebucht.`,
  booked: (time, agent) =>
    `Sie sind für Samstag um ${time} gebucht, ${agent === null ? 'beim zuständigen Makler' : `bei ${agent}, dem zuständigen Makler`}. Dies ist eine Demo, es wurde kein echter Termin vereinbart.`,
  fallback: (address, suggestion) =>
    `Ich bin eine Offline-Demo und kann nur einige Fragen zu ${address} beantworten. Fragen Sie zum Beispiel: „${suggestion}“`,
  suggestions: {
    price: 'Was kostet es?',
    rooms: 'Wie viele Schlafzimmer hat es?',
    slots: 'Kann ich eine Besichtigung buchen?',
    features: 'Was ist das Besondere daran?',
    address: 'Wo liegt es?',
  },
  askAll: (agent) =>
    `Unter welchem Namen und welcher Telefonnummer oder E-Mail soll ${agent} bestätigen?`,
  askName: (agent) => `Und Ihr Name, damit ${agent} weiß, wen er erwartet?`,
  askReach: (name, agent) =>
    `Danke, ${name}. Unter welcher Telefonnummer oder E-Mail soll ${agent} bestätigen?`,
  passed: (name, agent) =>
    `Danke, ${name}. Ich habe Ihre Angaben an ${agent} weitergegeben, der sich zur Bestätigung meldet.`,
  followUp: (name) =>
    `Danke, ${name}. Ich habe Ihre Angaben zur Nachverfolgung gespeichert: Das Team meldet sich, um die Uhrzeit zu bestätigen.`,
  couldNot: 'Ich konnte Ihre Angaben nicht weitergeben.',
  person:
    'Sie können mit einem Menschen sprechen: Tippen Sie unten auf „Mit einem Menschen sprechen“, hinterlassen Sie Ihre Nummer, und ein Makler ruft Sie an.',
  thanks: 'Danke.',
};
