import { runProgram, serveCommand } from '@quartet/common';
import { registrySettings } from './config.ts';
import { buildRegistryApp } from './server.ts';

export function main(argv: readonly string[]): Promise<number> {
  return runProgram(
    {
      name: 'registry',
      summary: 'build, validate, serve and install UI component registry items',
      commands: {
        serve: serveCommand({ service: 'registry', settings: registrySettings, build: (_config, logger) => buildRegistryApp(logger) }),
      },
    },
    argv,
  );
}
