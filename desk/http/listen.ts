import { type ServerType, serve } from '@hono/node-server';

/** Another program holds the desk's port: said in one line, with the variable that moves it. */
export class PortInUseError extends Error {
  override readonly name = 'PortInUseError';
  readonly code = 'port-in-use';
  constructor(
    readonly port: number,
    host: string,
  ) {
    super(
      `Port ${port} on ${host} is already in use: stop what holds it, or set DESK_PORT to a free port.`,
    );
  }
}

type FetchHandler = Parameters<typeof serve>[0]['fetch'];

/** Serves `fetch` on the port; resolves once it listens. */
export function listen(fetch: FetchHandler, port: number, hostname: string): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname }, () => resolve(server));
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, hostname) : error),
    );
  });
}
