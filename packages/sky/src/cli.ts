import { runProgram, serveCommand } from '@quartet/common';
import { skySettings } from './config.ts';
import { buildSkyApp } from './server.ts';

export function main(argv: readonly string[]): Promise<number> {
  return runProgram(
    {
      name: 'sky',
      summary: 'the sky map API over music artists, and the tools that build its canon',
      commands: {
        serve: serveCommand({ service: 'sky', settings: skySettings, build: (_config, logger) => buildSkyApp(logger) }),
      },
    },
    argv,
  );
}
