import type { DemoWords } from './demo-words.ts';

/** French (français), with the “vous” of the widget's French texts. */
export const fr: DemoWords = {
  listingAgent: 'l’agent du bien',
  slot: { '2:00 PM': '14 h', '4:00 PM': '16 h' },
  day: 'samedi',
  greeting: (name, brokerage, address) =>
    name === null
      ? `Bonjour, je suis Nora, l’assistante virtuelle de ${brokerage}. Posez-moi vos questions sur ${address} : le prix, les pièces ou une visite.`
      : `Bonjour, je suis ${name}, un assistant virtuel. Posez-moi vos questions sur ${address}, ou réservez une visite.`,
  listed: (address, price) => `${address} est proposé à ${price}.`,
  rooms: (bedrooms, baths) => `Il y a ${bedrooms} chambres et ${baths} salles de bain.`,
  at: (address) => `La maison se trouve au ${address}.`,
  features: 'Elle a une cuisine rénovée et un jardin clôturé.',
  unknown: (what, address, agent) =>
    `Cette démo hors ligne ne connaît pas ${{ price: 'le prix', rooms: 'les pièces', features: 'les atouts' }[what]} de ${address}. ${agent} vous le dira en confirmant votre visite.`,
  offer: (first, second) =>
    `Je peux vous réserver une visite ce samedi. J’ai ${first} et ${second} de libre. Lequel vous convient ?`,
  which: (first, second, notOpen) =>
    `${notOpen ? 'Cet horaire n’est pas libre. ' : ''}J’ai ${first} et ${second} de libre ce samedi. Lequel préférez-vous ?`,
  already: (time) => `Votre visite est déjà réservée samedi à ${time}.`,
  booked: (time, agent) =>
    `Votre visite est réservée samedi à ${time} avec ${agent === null ? 'l’agent du bien' : `${agent}, l’agent du bien`}. C’est une démo : aucun rendez-vous réel n’a été pris.`,
  fallback: (address, suggestion) =>
    `Je suis une démo hors ligne : je ne peux répondre qu’à quelques questions sur ${address}. Essayez : « ${suggestion} »`,
  suggestions: {
    price: 'Quel est le prix ?',
    rooms: 'Combien de chambres a-t-elle ?',
    slots: 'Puis-je réserver une visite ?',
    features: 'Quels sont ses atouts ?',
    address: 'Où se trouve-t-elle ?',
  },
  askAll: (agent) =>
    `Quel nom et quel numéro de téléphone ou e-mail ${agent} doit-il utiliser pour confirmer ?`,
  askName: (agent) => `Et votre nom, pour que ${agent} sache qui attendre ?`,
  askReach: (name, agent) =>
    `Merci, ${name}. Quel numéro de téléphone ou e-mail ${agent} doit-il utiliser pour confirmer ?`,
  passed: (name, agent) =>
    `Merci, ${name}. J’ai transmis vos coordonnées à ${agent}, qui vous recontactera pour confirmer.`,
  followUp: (name) =>
    `Merci, ${name}. J’ai enregistré vos coordonnées pour un suivi : l’équipe vous recontactera pour confirmer l’horaire.`,
  couldNot: 'Je n’ai pas pu transmettre vos coordonnées.',
  person:
    'Vous pouvez parler à une personne : appuyez sur « Parler à une personne » ci-dessous, laissez votre numéro et un agent vous rappellera.',
  thanks: 'Merci.',
};
