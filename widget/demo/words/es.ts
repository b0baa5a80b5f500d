import type { DemoWords } from './demo-words.ts';

/** Spanish (español), with the “tú” of the widget's Spanish texts. */
export const es: DemoWords = {
  listingAgent: 'el agente del inmueble',
  slot: { '2:00 PM': '14:00', '4:00 PM': '16:00' },
  day: 'sábado',
  greeting: (name, brokerage, address) =>
    name === null
      ? `Hola, soy Nora, la asistente virtual de ${brokerage}. Pregúntame por ${address}: el precio, las habitaciones o una visita.`
      : `Hola, soy ${name}, un asistente virtual. Pregúntame por ${address} o reserva una visita.`,
  listed: (address, price) => `${address} tiene un precio de ${price}.`,
  rooms: (bedrooms, baths) => `Tiene ${bedrooms} dormitorios y ${baths} baños.`,
  at: (address) => `La casa está en ${address}.`,
  features: 'Tiene una cocina reformada y un jardín trasero vallado.',
  unknown: (what, address, agent) =>
    `Esta demo sin conexión no conoce ${{ price: 'el precio', rooms: 'las habitaciones', features: 'las características' }[what]} de ${address}. ${agent} te lo dirá al confirmar tu visita.`,
  offer: (first, second) =>
    `Puedo reservarte una visita este sábado. Tengo libres las ${first} y las ${second}. ¿Cuál te viene mejor?`,
  which: (first, second, notOpen) =>
    `${notOpen ? 'Esa hora no está libre. ' : ''}Este sábado tengo libres las ${first} y las ${second}. ¿Cuál prefieres?`,
  already: (time) => `Ya tienes reservada la visita del sábado a las ${time}.`,
  booked: (time, agent) =>
    `Tu visita queda reservada para el sábado a las ${time} con ${agent === null ? 'el agente del inmueble' : `${agent}, el agente del inmueble`}. Es una demo, así que no se ha hecho ninguna cita real.`,
  fallback: (address, suggestion) =>
    `Soy una demo sin conexión, así que solo puedo responder a unas pocas preguntas sobre ${address}. Prueba a preguntar: «${suggestion}»`,
  suggestions: {
    price: '¿Cuál es el precio?',
    rooms: '¿Cuántos dormitorios tiene?',
    slots: '¿Puedo reservar una visita?',
    features: '¿Qué tiene de especial?',
    address: '¿Dónde está?',
  },
  askAll: (agent) =>
    `¿Qué nombre y qué teléfono o correo electrónico debe usar ${agent} para confirmarla?`,
  askName: (agent) => `¿Y tu nombre, para que ${agent} sepa a quién espera?`,
  askReach: (name, agent) =>
    `Gracias, ${name}. ¿Qué teléfono o correo electrónico debe usar ${agent} para confirmarla?`,
  passed: (name, agent) =>
    `Gracias, ${name}. He pasado tus datos a ${agent}, que se pondrá en contacto contigo para confirmarla.`,
  followUp: (name) =>
    `Gracias, ${name}. He guardado tus datos para hacer el seguimiento: el equipo se pondrá en contacto contigo para confirmar la hora.`,
  couldNot: 'No he podido pasar tus datos.',
  person:
    'Puedes hablar con una persona: pulsa «Hablar con una persona» abajo, deja tu número y un agente te llamará.',
  thanks: 'Gracias.',
};
