import { loadConfig, runProgram, serveCommand, UsageError, type Command, type ParsedArgs } from '@quartet/common';
import { activitySettings, resolveActivityConfig } from './config.ts';
import { departmentProblem, displayNameProblem, emailProblem, isRole, normalizeEmail, passwordProblem, ROLES } from './domain/account.ts';
import { systemClock } from './domain/time.ts';
import { openActivity } from './open-activity.ts';
import { PasswordHasher } from './security/password-hasher.ts';
import { buildActivityApp } from './server.ts';
import { deactivateAccount, setAccount, setAdmin, type AccountContext } from './services/accounts.ts';
import { openActivityStore } from './store/open-activity-store.ts';

const databaseSettings = Object.freeze({ databaseUrl: activitySettings.databaseUrl });

function text(values: ParsedArgs['values'], name: string, required: true): string;
function text(values: ParsedArgs['values'], name: string, required: false): string | undefined;
function text(values: ParsedArgs['values'], name: string, required: boolean): string | undefined {
  const value = values[name];
  if (value === undefined && required) throw new UsageError(`--${name} is required`);
  return value === undefined ? undefined : String(value);
}

function check(problem: string | undefined, option: string): void {
  if (problem !== undefined) throw new UsageError(`--${option}: ${problem}`);
}

function checkedEmail(values: ParsedArgs['values']): string {
  const email = normalizeEmail(text(values, 'email', true));
  check(emailProblem(email), 'email');
  return email;
}

/** Runs an account change on the configured database, then closes it. */
async function withAccounts<T>(values: ParsedArgs['values'], work: (context: AccountContext) => Promise<T>): Promise<T> {
  const { databaseUrl } = loadConfig(databaseSettings, { env: process.env, flags: values });
  const store = await openActivityStore(databaseUrl);
  try {
    return await work({ store, clock: systemClock, hasher: new PasswordHasher() });
  } finally {
    await store.close();
  }
}

const admin: Command = {
  summary: 'Create an administrator, or reset the password of an existing account and promote it.',
  usage: '--email E --password P [--name N] [--database URL]',
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  settings: databaseSettings,
  async run({ values }) {
    const email = checkedEmail(values);
    const password = text(values, 'password', true);
    check(passwordProblem(password), 'password');
    const name = text(values, 'name', false);
    if (name !== undefined) check(displayNameProblem(name), 'name');
    const { created } = await withAccounts(values, (context) => setAdmin(context, { email, password, name }, 'cli'));
    process.stdout.write(`${email} is an administrator (${created ? 'created' : 'password reset'})\n`);
  },
};

const account: Command = {
  summary: 'Create or update a sign-in account with a role (admin, manager or member).',
  usage: `--email E --password P --role ${ROLES.join('|')} [--name N] [--department D] [--database URL]`,
  options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, department: { type: 'string' } },
  settings: databaseSettings,
  async run({ values }) {
    const email = checkedEmail(values);
    const password = text(values, 'password', true);
    check(passwordProblem(password), 'password');
    const role = text(values, 'role', true);
    if (!isRole(role)) throw new UsageError(`--role: expected one of ${ROLES.join(', ')}`);
    const name = text(values, 'name', false);
    if (name !== undefined) check(displayNameProblem(name), 'name');
    // An empty --department clears it.
    const given = text(values, 'department', false);
    const department = given === undefined ? undefined : given === '' ? null : given;
    if (typeof department === 'string') check(departmentProblem(department), 'department');
    const { created } = await withAccounts(values, (context) => setAccount(context, { email, password, role, name, department }, 'cli'));
    process.stdout.write(`${email} is a ${role} (${created ? 'created' : 'updated'})\n`);
  },
};

const deactivate: Command = {
  summary: 'Deactivate an account: it cannot sign in, and its sessions end at once.',
  usage: '--email E [--database URL]',
  options: { email: { type: 'string' } },
  settings: databaseSettings,
  async run({ values }) {
    const email = checkedEmail(values);
    const done = await withAccounts(values, (context) => deactivateAccount(context, email, 'cli'));
    if (done === undefined) {
      process.stderr.write(`activity deactivate: no account has the email ${email}\n`);
      return 1;
    }
    process.stdout.write(`${email} is deactivated\n`);
    return 0;
  },
};

export function main(argv: readonly string[]): Promise<number> {
  return runProgram(
    {
      name: 'activity',
      summary: 'the activity tracking server: sign-in sessions, agents, alerts and webhooks',
      commands: {
        serve: serveCommand({
          service: 'activity',
          settings: activitySettings,
          build: async (raw, logger) => {
            const config = resolveActivityConfig(raw);
            const services = await openActivity({ config, logger });
            return buildActivityApp({ services, logger });
          },
        }),
        admin,
        account,
        deactivate,
      },
    },
    argv,
  );
}
