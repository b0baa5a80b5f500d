import { idleLabel, TYPE_INSTEAD, talkTo } from './idle-labels.ts';
import type { WidgetTexts } from './widget-texts.ts';

const again = (idle: string): string => `y vuelve a pulsar «${idle}».`;

/** Spanish (español), written for a visitor, in the informal “tú” of most real-estate sites. */
export const es: WidgetTexts = {
  labels: { idle: idleLabel('es'), connecting: 'Conectando...', active: 'Colgar' },
  // The demo's voice speaks English only: its badge says so.
  demoBadge: 'Demo · voz en inglés',
  loadFailed:
    'No se pudo cargar el asistente. Revisa tu conexión a internet y vuelve a pulsar el botón.',
  talkTo: (name) => talkTo('es', name),
  close: 'Cerrar',
  callEnded: 'Llamada finalizada.',
  connected: 'Conectado. Ya puedes hablar.',
  mute: 'Silenciar el micrófono',
  callControls: 'Controles de la llamada',
  speaking: (name) => `${name} está hablando…`,
  listening: 'Te escucho…',
  visitorSpeaking: 'Estás hablando…',
  muted: (name) => `Micrófono silenciado: ${name} no te oye.`,
  callEndedAfter: (time) => `Llamada finalizada · ${time}`,

  typeInstead: TYPE_INSTEAD.es,
  talkToPerson: 'Hablar con una persona',
  typeWhenNoMicrophone: 'También puedes escribir tu pregunta.',
  transcript: 'Transcripción',
  messageTo: (name) => `Mensaje para ${name}`,
  messageHint: 'Intro envía. Mayús+Intro añade una línea.',
  send: 'Enviar',
  you: 'Tú',
  sampleVisitor: 'Visitante de ejemplo',
  assistant: 'Asistente',
  typed: 'escrito',
  typing: 'El asistente está escribiendo…',
  notSent: 'No se envió. Revisa tu conexión e inténtalo de nuevo.',
  retry: 'Reintentar',

  consentTitle: 'Antes de empezar',
  agree: 'Acepto',
  notNow: 'Ahora no',
  consentTerms: 'Leer las condiciones completas',

  errors: {
    microphoneSetting: {
      chrome:
        'En Chrome, haz clic en el icono de configuración del sitio, a la izquierda de la barra de direcciones, y permite el micrófono',
      edge: 'En Edge, haz clic en el candado a la izquierda de la barra de direcciones, abre los permisos del sitio y permite el micrófono',
      firefox:
        'En Firefox, haz clic en el icono del micrófono tachado de la barra de direcciones y quita el bloqueo',
      safari:
        'En Safari, abre Safari › Ajustes de este sitio web (o Ajustes › Sitios web › Micrófono) y permite el micrófono',
      other: 'Permite el micrófono para este sitio en la configuración de tu navegador',
    },
    microphoneDenied: (setting, idle) =>
      `El acceso al micrófono está bloqueado. ${setting} ${again(idle)}`,
    microphoneNotFound: (idle) =>
      `No encontramos ningún micrófono. Conecta uno (o revisa los ajustes de sonido del sistema) ${again(idle)}`,
    microphoneInUse: (idle) =>
      `Tu micrófono está ocupado o no pudo iniciarse. Cierra otras aplicaciones que lo usen ${again(idle)}`,
    unreachable: (detail) =>
      `No pudimos contactar con el asistente (${detail}). Revisa el id del asistente y la clave pública, o inténtalo en un momento.`,
    connectFailed: (detail, idle) =>
      `No se pudo conectar la llamada (${detail}). Revisa tu conexión a internet ${again(idle)}`,
    generic: (detail, idle) => `Algo salió mal (${detail}). Vuelve a pulsar «${idle}».`,
  },
  problems: {
    noTarget: (tag) =>
      `No hay ningún asistente configurado. Añade assistant-id="…" (o squad-id / workflow-id) a <${tag}>.`,
    severalTargets: (found) =>
      `Usa solo uno de assistant-id, squad-id o workflow-id (hay ${found}).`,
    placeholderKey: (value) =>
      `public-key="${value}" es un marcador de posición. Pega tu clave pública del panel de la plataforma (API Keys), o quita public-key para probar la demo sin conexión.`,
  },
};
