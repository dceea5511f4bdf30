import { runProgram, serveCommand } from '@quartet/common';
import { relaySettings } from './config.ts';
import { buildRelayApp } from './server.ts';

export function main(argv: readonly string[]): Promise<number> {
  return runProgram(
    {
      name: 'relay',
      summary: 'the stream relay: append-only, hash-chained streams over HTTP and CBOR',
      commands: {
        serve: serveCommand({ service: 'relay', settings: relaySettings, build: (_config, logger) => buildRelayApp(logger) }),
      },
    },
    argv,
  );
}
