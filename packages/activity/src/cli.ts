import { runProgram, serveCommand } from '@quartet/common';
import { activitySettings } from './config.ts';
import { buildActivityApp } from './server.ts';

export function main(argv: readonly string[]): Promise<number> {
  return runProgram(
    {
      name: 'activity',
      summary: 'the activity tracking server: sign-in sessions, agents, alerts and webhooks',
      commands: {
        serve: serveCommand({ service: 'activity', settings: activitySettings, build: (_config, logger) => buildActivityApp(logger) }),
      },
    },
    argv,
  );
}
