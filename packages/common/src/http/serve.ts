import type { FastifyInstance } from 'fastify';

export interface ServeOptions {
  readonly name: string;
  readonly host: string;
  readonly port: number;
}

/**
 * Listens, logs the URL, and stops cleanly on SIGTERM or SIGINT: stops
 * accepting, lets in-flight requests finish (services close their own
 * resources in `onClose` / `preClose` hooks) and resolves. A second signal
 * while stopping exits at once.
 */
export async function serveUntilSignal(app: FastifyInstance, options: ServeOptions): Promise<void> {
  await app.listen({ host: options.host, port: options.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  app.log.info({ url: `http://${host}:${port}` }, `${options.name} listening on http://${host}:${port}`);

  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) process.exit(1);
      stopping = true;
      app.log.info({ signal }, `${options.name} stopping`);
      app.close().then(resolve, (error: unknown) => {
        app.log.error({ err: error }, 'error while stopping');
        process.exitCode = 1;
        resolve();
      });
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
}
