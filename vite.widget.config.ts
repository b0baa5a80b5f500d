import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Library build of the embeddable widget: dist/widget/voice-assistant.{js,umd.js}.
export default defineConfig({
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/widget',
    emptyOutDir: true,
    lib: {
      entry: 'widget/embed.ts',
      name: 'VoiceAssistant',
      formats: ['es', 'umd'],
      fileName: (format) => (format === 'es' ? 'voice-assistant.js' : 'voice-assistant.umd.js'),
    },
  },
});
