import { type ReactElement, useEffect, useRef } from 'react';
import { useUiServices } from './ui-services.ts';
import { WaveRenderer } from './wave-renderer.ts';

interface WaveCanvasProps {
  active: boolean;
}

/** The wave canvas: a thin React shell around `WaveRenderer`, which owns the drawing loop. */
export function WaveCanvas({ active }: WaveCanvasProps): ReactElement {
  const calls = useUiServices().calls;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rendererRef = useRef<WaveRenderer | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) {
      return;
    }
    const renderer = new WaveRenderer(canvas, calls.volume);
    rendererRef.current = renderer;
    const stopListening = calls.onSample(() => renderer.sample());
    return () => {
      stopListening();
      renderer.dispose();
      rendererRef.current = null;
    };
  }, [calls]);

  useEffect(() => {
    rendererRef.current?.setActive(active);
  }, [active]);

  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas without tabindex is not focusable; the wave is decoration, the status line carries the state.
    <canvas ref={canvasRef} className="wave" part="wave" aria-hidden="true" />
  );
}
