import type { DemoWords } from './demo-words.ts';

/** Portuguese (português), with the “você” of the widget's Portuguese texts. */
export const pt: DemoWords = {
  listingAgent: 'o corretor do imóvel',
  slot: { '2:00 PM': '14h', '4:00 PM': '16h' },
  day: 'sábado',
  greeting: (name, brokerage, address) =>
    name === null
      ? `Olá, sou a Nora, a assistente virtual da ${brokerage}. Pergunte-me sobre ${address}: o preço, os quartos ou uma visita.`
      : `Olá, sou ${name}, um assistente virtual. Pergunte-me sobre ${address} ou agende uma visita.`,
  listed: (address, price) => `${address} está anunciado por ${price}.`,
  rooms: (bedrooms, baths) => `Tem ${bedrooms} quartos e ${baths} banheiros.`,
  at: (address) => `A casa fica em ${address}.`,
  features: 'Tem uma cozinha reformada e um quintal cercado.',
  unknown: (what, address, agent) =>
    `Esta demonstração offline não sabe ${{ price: 'o preço', rooms: 'os quartos', features: 'os destaques' }[what]} de ${address}. ${agent} pode dizer quando confirmar a sua visita.`,
  offer: (first, second) =>
    `Posso agendar uma visita neste sábado. Tenho ${first} e ${second} livres. Qual prefere?`,
  which: (first, second, notOpen) =>
    `${notOpen ? 'Esse horário não está livre. ' : ''}Tenho ${first} e ${second} livres neste sábado. Qual prefere?`,
  already: (time) => `Você já tem uma visita agendada no sábado às ${time}.`,
  booked: (time, agent) =>
    `Sua visita está agendada para sábado às ${time} com ${agent === null ? 'o corretor do imóvel' : `${agent}, o corretor do imóvel`}. É uma demonstração: nenhuma visita real foi marcada.`,
  fallback: (address, suggestion) =>
    `Sou uma demonstração offline, então só respondo a algumas perguntas sobre ${address}. Experimente perguntar: “${suggestion}”`,
  suggestions: {
    price: 'Qual é o preço?',
    rooms: 'Quantos quartos tem?',
    slots: 'Posso agendar uma visita?',
    features: 'Quais são os destaques?',
    address: 'Onde fica?',
  },
  askAll: (agent) => `Qual nome e qual telefone ou e-mail ${agent} deve usar para confirmar?`,
  askName: (agent) => `E o seu nome, para ${agent} saber quem esperar?`,
  askReach: (name, agent) =>
    `Obrigado, ${name}. Qual telefone ou e-mail ${agent} deve usar para confirmar?`,
  passed: (name, agent) =>
    `Obrigado, ${name}. Passei os seus dados para ${agent}, que vai entrar em contato para confirmar.`,
  followUp: (name) =>
    `Obrigado, ${name}. Guardei os seus dados para acompanhamento: a equipe vai entrar em contato para confirmar o horário.`,
  couldNot: 'Não consegui passar os seus dados.',
  person:
    'Você pode falar com uma pessoa: toque em “Falar com uma pessoa” abaixo, deixe o seu número e um corretor vai ligar para você.',
  thanks: 'Obrigado.',
};
