import { preview } from 'vite';
import { parsePort } from './port.ts';

// npm start (after the build): serves dist/site as a static host would (site/server/preview-routes.ts)
// on 127.0.0.1, on PORT or 4173. A port already in use fails at once, with how to pick another.
let port: number;
try {
  port = parsePort(process.env.PORT);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
try {
  const server = await preview({ preview: { port, strictPort: true } });
  server.printUrls();
} catch (error) {
  const inUse =
    (error as NodeJS.ErrnoException).code === 'EADDRINUSE' || /already in use/i.test(String(error));
  console.error(
    inUse
      ? `Port ${port} is already in use. Start on another one: PORT=${port + 1} npm start`
      : String(error),
  );
  process.exit(1);
}
