import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** A TLS-terminating reverse proxy on loopback, as Caddy or nginx would stand before the desk. */
export interface TlsProxy {
  /** The proxy's port on 127.0.0.1. */
  readonly port: number;
  close(): Promise<void>;
}

/** A throwaway self-signed certificate for `hostName`, made with the machine's openssl. */
async function selfSigned(hostName: string): Promise<{ key: Buffer; cert: Buffer }> {
  const dir = await mkdtemp(join(tmpdir(), 'tls-proxy-'));
  try {
    await promisify(execFile)(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${hostName}`,
        '-addext',
        `subjectAltName=DNS:${hostName}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { timeout: 30_000 },
    );
    const [key, cert] = await Promise.all([
      readFile(join(dir, 'key.pem')),
      readFile(join(dir, 'cert.pem')),
    ]);
    return { key, cert };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Starts an HTTPS proxy for `hostName` in front of the desk at `target` (`http://127.0.0.1:P`).
 * Like the site blocks of docs/deploy.md, it keeps the Host header and appends the client to
 * `X-Forwarded-For`, with `X-Forwarded-Proto: https` and `X-Forwarded-Host`.
 */
export async function startTlsProxy(hostName: string, target: string): Promise<TlsProxy> {
  const upstream = new URL(target);
  const server: Server = createServer(await selfSigned(hostName), (req, res) => {
    const prior = req.headers['x-forwarded-for'];
    const client = req.socket.remoteAddress ?? '';
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          'x-forwarded-for': prior ? `${prior}, ${client}` : client,
          'x-forwarded-proto': 'https',
          'x-forwarded-host': req.headers.host ?? hostName,
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
