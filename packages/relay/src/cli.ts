import { runProgram, serveCommand } from '@quartet/common';
import { relaySettings } from './config.ts';
import { buildRelayApp } from './server.ts';
import { openRelayStore } from './store/open-relay-store.ts';

export function main(argv: readonly string[]): Promise<number> {
  return runProgram(
    {
      name: 'relay',
      summary: 'the stream relay: append-only, hash-chained streams over HTTP and CBOR',
      commands: {
        serve: serveCommand({
          service: 'relay',
          settings: relaySettings,
          build: async (config, logger) => buildRelayApp({ store: await openRelayStore(config.databaseUrl), logger, token: config.token }),
        }),
      },
    },
    argv,
  );
}
