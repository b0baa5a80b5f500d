import { type ReactElement, useEffect, useRef } from 'react';
import type { CallController } from '../session/call-controller.ts';
import { WaveRenderer } from './wave-renderer.ts';

interface WaveCanvasProps {
  session: CallController;
  active: boolean;
}

/** The wave canvas: a thin React shell around `WaveRenderer`, which owns the drawing loop. */
export function WaveCanvas({ session, active }: WaveCanvasProps): ReactElement {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rendererRef = useRef<WaveRenderer | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) {
      return;
    }
    const renderer = new WaveRenderer(canvas, session.volume);
    rendererRef.current = renderer;
    const stopListening = session.onSample(() => renderer.sample());
    return () => {
      stopListening();
      renderer.dispose();
      rendererRef.current = null;
    };
  }, [session]);

  useEffect(() => {
    rendererRef.current?.setActive(active);
  }, [active]);

  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas without tabindex is not focusable; the wave is decoration, the status line carries the state.
    <canvas ref={canvasRef} className="wave" part="wave" aria-hidden="true" />
  );
}
