import type { ReactElement } from 'react';
import { ChatBox } from './chat-box.tsx';
import { TypeInsteadButton } from './type-instead-button.tsx';

/**
 * The row under the talk button: `Type instead`, or the open text box. The loader reserves the
 * same row before intent (`.type-slot`), so the talk button does not move when the UI arrives.
 */
export function ChatSlot({ calling, name }: { calling: boolean; name: string }): ReactElement {
  return (
    <div className="type-slot">
      {/* During a call, Type instead sits with Mute in the secondary controls. */}
      <TypeInsteadButton enabled={!calling} />
      <ChatBox enabled name={name} />
    </div>
  );
}
