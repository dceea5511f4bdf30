/**
 * Settings come from environment variables, each overridable by a
 * command-line option of the same meaning. A bad value stops the program
 * with one line naming the setting (exit code 2, see cli.ts).
 */
export class ConfigError extends Error {
  readonly code = 'bad_config';
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export interface Setting<T> {
  /** Environment variable. */
  readonly env: string;
  /** Command-line option (long name, without dashes); absent when only the environment sets it. */
  readonly flag?: string;
  readonly default: T;
  readonly describe: string;
  /** A value never repeated in messages (passwords, tokens, secrets). */
  readonly secret?: boolean;
  /** Turns the raw text into a value, or throws an Error whose message says what is expected. */
  parse(raw: string): T;
}

export type SettingsSpec = Readonly<Record<string, Setting<unknown>>>;
export type ConfigOf<S extends SettingsSpec> = { readonly [K in keyof S]: S[K] extends Setting<infer T> ? T : never };

export function loadConfig<S extends SettingsSpec>(
  spec: S,
  sources: { env: NodeJS.ProcessEnv; flags?: Readonly<Record<string, unknown>> },
): ConfigOf<S> {
  const out: Record<string, unknown> = {};
  for (const [key, setting] of Object.entries(spec)) {
    const fromFlag = setting.flag === undefined ? undefined : sources.flags?.[setting.flag];
    const raw = typeof fromFlag === 'string' ? fromFlag : sources.env[setting.env];
    if (raw === undefined) {
      out[key] = setting.default;
      continue;
    }
    const name = typeof fromFlag === 'string' ? `--${setting.flag}` : setting.env;
    try {
      out[key] = setting.parse(raw);
    } catch (error) {
      const shown = setting.secret ? '' : `=${JSON.stringify(raw)}`;
      throw new ConfigError(`invalid setting ${name}${shown}: ${(error as Error).message}`);
    }
  }
  return Object.freeze(out) as ConfigOf<S>;
}

export function setting<T>(spec: Setting<T>): Setting<T> {
  return Object.freeze(spec);
}

// Parsers: each throws with a sentence saying what a valid value looks like.

export function integer(min: number, max: number): (raw: string) => number {
  return (raw) => {
    if (!/^(0|[1-9][0-9]{0,15})$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
      throw new Error(`expected a whole number from ${min} to ${max}`);
    }
    return Number(raw);
  };
}

export function oneOf<const T extends readonly string[]>(values: T): (raw: string) => T[number] {
  return (raw) => {
    if (!values.includes(raw)) throw new Error(`expected one of ${values.join(', ')}`);
    return raw as T[number];
  };
}

export function boolean(raw: string): boolean {
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new Error('expected true or false');
}

export function nonEmptyText(raw: string): string {
  if (raw.trim() === '') throw new Error('expected a non-empty value');
  return raw;
}

export function databaseUrl(raw: string): string {
  if (raw.trim() === '') throw new Error('expected a SQLite file path or a postgres:// URL');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) && !/^postgres(ql)?:\/\//i.test(raw)) {
    throw new Error('expected a SQLite file path or a postgres:// URL');
  }
  return raw;
}

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Where a server listens and how much it logs (general contract), under the service's prefix. */
export function listenSettings(prefix: string, port: number) {
  return {
    port: setting({ env: `${prefix}PORT`, flag: 'port', default: port, describe: 'listening port', parse: integer(0, 65535) }),
    host: setting({ env: `${prefix}HOST`, flag: 'host', default: '127.0.0.1', describe: 'listening address', parse: nonEmptyText }),
    logLevel: setting<LogLevel>({ env: 'LOG_LEVEL', flag: 'log-level', default: 'info', describe: 'debug, info, warn or error', parse: oneOf(LOG_LEVELS) }),
  } as const;
}

/** The settings every server with a database shares (general contract). */
export function serverSettings(prefix: string, service: string, port: number) {
  return {
    ...listenSettings(prefix, port),
    databaseUrl: setting({
      env: `${prefix}DATABASE_URL`,
      flag: 'database',
      default: `./data/${service}.db`,
      describe: 'SQLite file path or postgres:// URL',
      parse: databaseUrl,
    }),
  } as const;
}
