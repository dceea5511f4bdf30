export { runProgram, settingOptions, UsageError, type Command, type ParsedArgs, type Program } from './cli.ts';
export {
  boolean,
  ConfigError,
  databaseUrl,
  integer,
  listenSettings,
  loadConfig,
  LOG_LEVELS,
  nonEmptyText,
  oneOf,
  serverSettings,
  setting,
  type ConfigOf,
  type LogLevel,
  type Setting,
  type SettingsSpec,
} from './config.ts';
export { migrateToLatest, type Migrations } from './database/migrate.ts';
export { describeDatabase, isPostgresUrl, openDatabase, type DatabaseHandle, type Engine } from './database/open-database.ts';
export type { PostgresHandle } from './database/postgres/postgres-open.ts';
export type { SqliteHandle } from './database/sqlite/sqlite-open.ts';
export { createHttpApp, sendJsonError, toServiceError, type HttpAppOptions, type SendError } from './http/create-app.ts';
export { clientErrorOf, encodeJsonError, rawErrorAnswer, type EncodeError } from './http/client-errors.ts';
export { methodRoutes, type MethodHandlers } from './http/method-routes.ts';
export { serveCommand, type ServeCommandOptions } from './serve-command.ts';
export { serveUntilSignal, type ServeOptions } from './http/serve.ts';
export { createLogger, type Logger } from './logger.ts';
export { defineErrors, httpErrors, ServiceError, type ErrorFactory, type ErrorSpec } from './service-error.ts';
