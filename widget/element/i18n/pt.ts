import { idleLabel, TYPE_INSTEAD, talkTo } from './idle-labels.ts';
import type { WidgetTexts } from './widget-texts.ts';

const again = (idle: string): string => `e toque de novo em “${idle}”.`;

/** Portuguese (português), worded to read naturally in Brazil and in Portugal. */
export const pt: WidgetTexts = {
  labels: { idle: idleLabel('pt'), connecting: 'Conectando...', active: 'Encerrar' },
  // The demo's voice speaks English only: its badge says so.
  demoBadge: 'Demo · voz em inglês',
  loadFailed:
    'Não foi possível carregar o assistente. Verifique sua conexão com a internet e toque no botão de novo.',
  talkTo: (name) => talkTo('pt', name),
  close: 'Fechar',
  callEnded: 'Chamada encerrada.',
  connected: 'Conectado. Pode falar.',
  mute: 'Silenciar o microfone',
  callControls: 'Controles da chamada',
  speaking: (name) => `${name} está falando…`,
  listening: 'Ouvindo…',
  visitorSpeaking: 'Você está falando…',
  muted: (name) => `Microfone silenciado: ${name} não consegue ouvir você.`,
  callEndedAfter: (time) => `Chamada encerrada · ${time}`,

  typeInstead: TYPE_INSTEAD.pt,
  talkToPerson: 'Falar com uma pessoa',
  typeWhenNoMicrophone: 'Você também pode escrever sua pergunta.',
  transcript: 'Transcrição',
  messageTo: (name) => `Mensagem para ${name}`,
  messageHint: 'Enter envia. Shift+Enter começa uma nova linha.',
  send: 'Enviar',
  you: 'Você',
  sampleVisitor: 'Visitante de exemplo',
  assistant: 'Assistente',
  typed: 'escrito',
  typing: 'O assistente está escrevendo…',
  notSent: 'Não enviada. Verifique sua conexão e tente de novo.',
  retry: 'Tentar de novo',

  consentTitle: 'Antes de começar',
  agree: 'Concordo',
  notNow: 'Agora não',
  consentTerms: 'Ler os termos completos',

  errors: {
    microphoneSetting: {
      chrome:
        'No Chrome, clique no ícone de configurações do site, à esquerda da barra de endereço, e permita o microfone',
      edge: 'No Edge, clique no cadeado à esquerda da barra de endereço, abra as permissões do site e permita o microfone',
      firefox:
        'No Firefox, clique no ícone do microfone riscado na barra de endereço e remova o bloqueio',
      safari:
        'No Safari, abra Safari › Ajustes deste site (ou Ajustes › Sites › Microfone) e permita o microfone',
      other: 'Permita o microfone para este site nas configurações do navegador',
    },
    microphoneDenied: (setting, idle) =>
      `O acesso ao microfone está bloqueado. ${setting} ${again(idle)}`,
    microphoneNotFound: (idle) =>
      `Nenhum microfone foi encontrado. Conecte um (ou verifique as configurações de som) ${again(idle)}`,
    microphoneInUse: (idle) =>
      `Seu microfone está ocupado ou não pôde iniciar. Feche outros apps que o usam ${again(idle)}`,
    unreachable: (detail) =>
      `Não foi possível falar com o assistente (${detail}). Verifique o id do assistente e a chave pública, ou tente daqui a pouco.`,
    connectFailed: (detail, idle) =>
      `A chamada não conectou (${detail}). Verifique sua conexão com a internet ${again(idle)}`,
    generic: (detail, idle) => `Algo deu errado (${detail}). Toque de novo em “${idle}”.`,
  },
  problems: {
    noTarget: (tag) =>
      `Nenhum assistente foi definido. Adicione assistant-id="…" (ou squad-id / workflow-id) a <${tag}>.`,
    severalTargets: (found) =>
      `Use apenas um entre assistant-id, squad-id e workflow-id (encontrados: ${found}).`,
    placeholderKey: (value) =>
      `public-key="${value}" é um marcador de posição. Cole sua chave pública do painel da plataforma (API Keys), ou remova public-key para testar a demonstração offline.`,
  },
};
