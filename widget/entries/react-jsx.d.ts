import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { AttributeName } from '../element/attributes.ts';
import type { VoiceAssistantElement } from '../loader/voice-assistant-element.ts';

// `<voice-assistant>` in React JSX (TSX): its attributes, typed from the attribute list. Kept
// apart from the element's class so the element's own declarations do not require React's types;
// shipped as dist/widget/types/widget/entries/react-jsx.d.ts for React hosts.
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'voice-assistant': DetailedHTMLProps<
        HTMLAttributes<VoiceAssistantElement>,
        VoiceAssistantElement
      > &
        Partial<Record<AttributeName, string | boolean>>;
    }
  }
}
