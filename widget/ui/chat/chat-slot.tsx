import type { ReactElement } from 'react';
import { ChatBox } from './chat-box.tsx';
import { TypeInsteadButton } from './type-instead-button.tsx';

/**
 * The row under the talk button: `Type instead`, or the open text box. The loader reserves the
 * same row before intent (`.type-slot`), so the talk button does not move when the UI arrives.
 */
export function ChatSlot(): ReactElement {
  return (
    <div className="type-slot">
      <TypeInsteadButton enabled />
      <ChatBox enabled />
    </div>
  );
}
