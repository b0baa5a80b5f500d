import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in for the platform API on 127.0.0.1 that creates web calls at once. */
export interface LoopbackApi {
  /** The base URL to give the widget (`api-base-url`). */
  readonly url: string;
  /** POST /call/web requests answered so far. */
  readonly webCalls: number;
  close(): Promise<void>;
}

/**
 * Answers POST /call/web as soon as the body has arrived, with a room URL and nothing else, so
 * a web call costs one loopback round trip. The widget page is on another origin, as it is in
 * production, so the server answers the CORS preflight too (and lets the browser cache it).
 */
export async function startLoopbackApi(): Promise<LoopbackApi> {
  let webCalls = 0;
  const server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res
        .writeHead(204, {
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': 'authorization, content-type',
          'access-control-max-age': '600',
        })
        .end();
      return;
    }
    if (req.method !== 'POST' || req.url !== '/call/web') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
      return;
    }
    req.resume();
    req.on('end', () => {
      webCalls++;
      const body = JSON.stringify({
        id: `call-${webCalls}`,
        webCallUrl: 'https://bench.daily.co/loopback',
      });
      res.writeHead(201, { 'content-type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get webCalls() {
      return webCalls;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
