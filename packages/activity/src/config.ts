import { boolean, ConfigError, integer, loadConfig, serverSettings, setting, type ConfigOf } from '@quartet/common';
import { passwordProblem } from './domain/account.ts';
import { parseAdminSetting, parseAgents, type AgentEntry } from './domain/agent-list.ts';
import { parseDestinations, type Destination } from './domain/destination.ts';
import { DEFAULT_RETRY_SCHEDULE, parseRetrySchedule } from './domain/retry-schedule.ts';

/** An http(s) base URL, kept without its trailing slash. */
function baseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('expected an http or https URL');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '') throw new Error('expected an http or https URL without query');
  return raw.replace(/\/+$/, '');
}

function productToken(raw: string): string {
  if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/.test(raw)) throw new Error('expected 1 to 64 letters, digits or -._ (a User-Agent product name)');
  return raw;
}

/**
 * Settings whose values hold secrets (passwords, tokens, webhook secrets)
 * are read as text here and parsed by `resolveActivityConfig`, so that a bad
 * value is named without echoing it. They are environment-only: a secret on
 * the command line would show in the process list.
 */
const secretText = (raw: string) => raw;

export const activitySettings = Object.freeze({
  ...serverSettings('APP_', 'activity', 8084),
  secureCookies: setting({ env: 'APP_SECURE_COOKIES', flag: 'secure-cookies', default: true, describe: 'false drops the Secure cookie attribute (plain http)', parse: boolean }),
  publicUrl: setting<string | undefined>({ env: 'APP_PUBLIC_URL', flag: 'public-url', default: undefined, describe: 'base of the webhook `link` field (unset: no link)', parse: baseUrl }),
  serverName: setting({ env: 'APP_SERVER_NAME', flag: 'server-name', default: 'activity', describe: 'first part of the webhook User-Agent', parse: productToken }),
  admin: setting<string | undefined>({ env: 'APP_ADMIN', default: undefined, describe: '<email>:<password> of an administrator set at start', parse: secretText }),
  agents: setting({ env: 'APP_AGENTS', default: '[]', describe: 'JSON array of {email, name, department, token}', parse: secretText }),
  webhooks: setting({ env: 'APP_WEBHOOKS', default: '[]', describe: 'JSON array of webhook destinations', parse: secretText }),
  sweepSeconds: setting({ env: 'APP_SWEEP_SECONDS', flag: 'sweep-seconds', default: 60, describe: 'seconds between alert sweeps', parse: integer(1, 86_400) }),
  noDataSeconds: setting({ env: 'APP_NO_DATA_SECONDS', flag: 'no-data-seconds', default: 3600, describe: 'no_agent_data threshold in seconds', parse: integer(1, 365 * 86_400) }),
  retrySchedule: setting({
    env: 'APP_RETRY_SCHEDULE',
    flag: 'retry-schedule',
    default: DEFAULT_RETRY_SCHEDULE,
    describe: 'comma-separated seconds between delivery attempts',
    parse: parseRetrySchedule,
  }),
  deliveryTimeoutMs: setting({ env: 'APP_DELIVERY_TIMEOUT_MS', flag: 'delivery-timeout-ms', default: 10_000, describe: 'time-out of one delivery attempt', parse: integer(1, 600_000) }),
  telegramApi: setting({ env: 'APP_TELEGRAM_API', flag: 'telegram-api', default: 'https://api.telegram.org', describe: 'base URL of the Telegram bot API', parse: baseUrl }),
});

export type RawActivityConfig = ConfigOf<typeof activitySettings>;

/** The frozen configuration the server runs with. */
export interface ActivityConfig extends Omit<RawActivityConfig, 'admin' | 'agents' | 'webhooks'> {
  readonly admin: { readonly email: string; readonly password: string } | undefined;
  readonly agents: readonly AgentEntry[];
  readonly webhooks: readonly Destination[];
}

function secret<T>(env: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new ConfigError(`invalid setting ${env}: ${(error as Error).message}`);
  }
}

/** Parses the secret-bearing settings; a bad one throws a `ConfigError` naming it, without its value. */
export function resolveActivityConfig(raw: RawActivityConfig): ActivityConfig {
  const admin = raw.admin === undefined ? undefined : secret('APP_ADMIN', () => {
    const parsed = parseAdminSetting(raw.admin!);
    const problem = passwordProblem(parsed.password);
    if (problem !== undefined) throw new Error(problem);
    return parsed;
  });
  const agents = secret('APP_AGENTS', () => parseAgents(raw.agents));
  const webhooks = secret('APP_WEBHOOKS', () => parseDestinations(raw.webhooks));
  return Object.freeze({ ...raw, admin, agents, webhooks });
}

/** Loads and resolves the whole configuration from an environment (and options). */
export function loadActivityConfig(env: NodeJS.ProcessEnv, flags?: Readonly<Record<string, unknown>>): ActivityConfig {
  return resolveActivityConfig(loadConfig(activitySettings, { env, flags }));
}
