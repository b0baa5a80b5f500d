import { idleLabel, TYPE_INSTEAD, talkTo } from './idle-labels.ts';
import type { WidgetTexts } from './widget-texts.ts';

const again = (idle: string): string => `puis appuyez de nouveau sur « ${idle} ».`;

/** French (français), in the polite “vous” a visitor expects from an agency. */
export const fr: WidgetTexts = {
  labels: { idle: idleLabel('fr'), connecting: 'Connexion...', active: 'Raccrocher' },
  // The demo's voice speaks English only: its badge says so.
  demoBadge: 'Démo · voix anglaise',
  loadFailed:
    'L’assistant n’a pas pu se charger. Vérifiez votre connexion internet, puis appuyez de nouveau sur le bouton.',
  talkTo: (name) => talkTo('fr', name),
  close: 'Fermer',
  callEnded: 'Appel terminé.',
  connected: 'Connecté. Vous pouvez parler.',
  mute: 'Couper le micro',
  callControls: 'Commandes de l’appel',
  speaking: (name) => `${name} parle…`,
  listening: 'À l’écoute…',
  visitorSpeaking: 'Vous parlez…',
  muted: (name) => `Micro coupé : ${name} ne vous entend pas.`,
  callEndedAfter: (time) => `Appel terminé · ${time}`,

  typeInstead: TYPE_INSTEAD.fr,
  talkToPerson: 'Parler à une personne',
  typeWhenNoMicrophone: 'Vous pouvez aussi écrire votre question.',
  transcript: 'Transcription',
  messageTo: (name) => `Message pour ${name}`,
  messageHint: 'Entrée envoie. Maj+Entrée ajoute une ligne.',
  send: 'Envoyer',
  you: 'Vous',
  sampleVisitor: 'Visiteur fictif',
  assistant: 'Assistant',
  typed: 'écrit',
  typing: 'L’assistant écrit…',
  notSent: 'Non envoyé. Vérifiez votre connexion, puis réessayez.',
  retry: 'Réessayer',

  consentTitle: 'Avant de commencer',
  agree: 'J’accepte',
  notNow: 'Pas maintenant',
  consentTerms: 'Lire les conditions complètes',

  errors: {
    microphoneSetting: {
      chrome:
        'Dans Chrome, cliquez sur l’icône des paramètres du site, à gauche de la barre d’adresse, et autorisez le micro',
      edge: 'Dans Edge, cliquez sur le cadenas à gauche de la barre d’adresse, ouvrez les autorisations du site et autorisez le micro',
      firefox:
        'Dans Firefox, cliquez sur l’icône du micro barré dans la barre d’adresse et levez le blocage',
      safari:
        'Dans Safari, ouvrez Safari › Réglages pour ce site web (ou Réglages › Sites web › Micro) et autorisez le micro',
      other: 'Autorisez le micro pour ce site dans les paramètres de votre navigateur',
    },
    microphoneDenied: (setting, idle) => `L’accès au micro est bloqué. ${setting}, ${again(idle)}`,
    microphoneNotFound: (idle) =>
      `Aucun micro n’a été trouvé. Branchez-en un (ou vérifiez les réglages son du système), ${again(idle)}`,
    microphoneInUse: (idle) =>
      `Votre micro est occupé ou n’a pas pu démarrer. Fermez les autres applications qui l’utilisent, ${again(idle)}`,
    unreachable: (detail) =>
      `Impossible de joindre l’assistant (${detail}). Vérifiez l’identifiant de l’assistant et la clé publique, ou réessayez dans un instant.`,
    connectFailed: (detail, idle) =>
      `L’appel n’a pas pu se connecter (${detail}). Vérifiez votre connexion internet, ${again(idle)}`,
    generic: (detail, idle) =>
      `Un problème est survenu (${detail}). Appuyez de nouveau sur « ${idle} ».`,
  },
  problems: {
    noTarget: (tag) =>
      `Aucun assistant n’est défini. Ajoutez assistant-id="…" (ou squad-id / workflow-id) à <${tag}>.`,
    severalTargets: (found) =>
      `Indiquez un seul attribut parmi assistant-id, squad-id et workflow-id (trouvés : ${found}).`,
    placeholderKey: (value) =>
      `public-key="${value}" est un exemple à remplacer. Collez votre clé publique depuis le tableau de bord de la plateforme (API Keys), ou retirez public-key pour essayer la démo hors ligne.`,
  },
};
