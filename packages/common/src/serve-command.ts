import type { FastifyInstance } from 'fastify';
import { settingOptions, type Command } from './cli.ts';
import { loadConfig, type ConfigOf, type LogLevel, type Setting, type SettingsSpec } from './config.ts';
import { serveUntilSignal } from './http/serve.ts';
import { createLogger, type Logger } from './logger.ts';

type ServerSettings = SettingsSpec & {
  readonly port: Setting<number>;
  readonly host: Setting<string>;
  readonly logLevel: Setting<LogLevel>;
};

export interface ServeCommandOptions<S extends ServerSettings> {
  readonly service: string;
  readonly settings: S;
  /** Builds the app (opening the store, registering close hooks); it must not listen. */
  build(config: ConfigOf<S>, logger: Logger): Promise<FastifyInstance>;
}

/** The `serve` command every program has: load settings, build the app, serve until a signal. */
export function serveCommand<S extends ServerSettings>(options: ServeCommandOptions<S>): Command {
  return {
    summary: `Run the ${options.service} server.`,
    usage: '[options]',
    options: settingOptions(options.settings),
    settings: options.settings,
    async run({ values }) {
      const config = loadConfig(options.settings, { env: process.env, flags: values });
      const logger = createLogger(options.service, config.logLevel as LogLevel);
      const app = await options.build(config, logger);
      await serveUntilSignal(app, { name: options.service, host: config.host as string, port: config.port as number });
      return 0;
    },
  };
}
