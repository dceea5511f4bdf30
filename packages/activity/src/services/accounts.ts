import { randomUUID } from 'node:crypto';
import { defaultDisplayName, type Role } from '../domain/account.ts';
import type { AgentEntry } from '../domain/agent-list.ts';
import { tokenDigest } from '../security/session-token.ts';
import type { Account } from '../store/store.ts';
import type { ActivityContext } from './context.ts';

/** What account changes need: the CLI commands have no server around them. */
export type AccountContext = Pick<ActivityContext, 'store' | 'clock' | 'hasher'>;

export interface AccountChange {
  readonly account: Account;
  readonly created: boolean;
}

/**
 * Creates or updates a sign-in account. `password` is set, the account
 * reactivated; a name or department is changed only when given (an empty
 * department clears it).
 */
async function upsert(
  context: AccountContext,
  input: { email: string; password: string; role: Role; name?: string | undefined; department?: string | null | undefined },
  audit: { actor: string; action: string },
): Promise<AccountChange> {
  const { store, clock, hasher } = context;
  const passwordHash = await hasher.hash(input.password);
  const now = clock();
  return store.transaction(async (ops) => {
    const existing = await ops.accountByEmail(input.email);
    let account: Account;
    if (existing === undefined) {
      account = {
        id: randomUUID(),
        email: input.email,
        display_name: input.name ?? defaultDisplayName(input.email),
        role: input.role,
        department: input.department ?? null,
        password_hash: passwordHash,
        deactivated_at: null,
        created_at: now,
        updated_at: now,
      };
      await ops.insertAccount(account);
    } else {
      const patch = {
        role: input.role,
        password_hash: passwordHash,
        deactivated_at: null,
        updated_at: now,
        ...(input.name === undefined ? {} : { display_name: input.name }),
        ...(input.department === undefined ? {} : { department: input.department }),
      };
      await ops.updateAccount(existing.id, patch);
      account = { ...existing, ...patch };
    }
    await ops.audit({ at: now, actor: audit.actor, action: audit.action, subject: input.email });
    return { account, created: existing === undefined };
  });
}

/** Spec rule 4: creates an administrator, or resets the password of an existing account and promotes it. */
export function setAdmin(context: AccountContext, input: { email: string; password: string; name?: string | undefined }, actor: string): Promise<AccountChange> {
  return upsert(context, { ...input, role: 'admin' }, { actor, action: 'admin.set' });
}

/** `activity account`: creates or updates a sign-in account with a role. */
export function setAccount(
  context: AccountContext,
  input: { email: string; password: string; role: Role; name?: string | undefined; department?: string | null | undefined },
  actor: string,
): Promise<AccountChange> {
  return upsert(context, input, { actor, action: 'account.set' });
}

/** Deactivates an account and ends its sessions at once; undefined for an unknown email. */
export async function deactivateAccount(context: AccountContext, email: string, actor: string): Promise<Account | undefined> {
  const now = context.clock();
  return context.store.transaction(async (ops) => {
    const account = await ops.accountByEmail(email);
    if (account === undefined) return undefined;
    await ops.updateAccount(account.id, { deactivated_at: account.deactivated_at ?? now, updated_at: now });
    await ops.endSessions(account.id, now);
    await ops.audit({ at: now, actor, action: 'account.deactivated', subject: email });
    return { ...account, deactivated_at: account.deactivated_at ?? now };
  });
}

/** The agents of `APP_AGENTS`: bearer token digest → account id. */
export class AgentDirectory {
  readonly #byDigest: ReadonlyMap<string, string>;

  constructor(entries: Iterable<readonly [digest: string, accountId: string]>) {
    this.#byDigest = new Map(entries);
  }

  /** The account whose agent holds this token. */
  accountOf(token: string): string | undefined {
    return this.#byDigest.get(tokenDigest(token));
  }

  accountIds(): string[] {
    return [...this.#byDigest.values()];
  }
}

/**
 * Creates (or updates the name and department of) the account of each
 * agent. An existing account keeps its password and role; a new one has
 * no password and cannot sign in.
 */
export async function syncAgents(context: AccountContext, agents: readonly AgentEntry[]): Promise<AgentDirectory> {
  const { store, clock } = context;
  const now = clock();
  const entries: [string, string][] = [];
  await store.transaction(async (ops) => {
    for (const agent of agents) {
      const existing = await ops.accountByEmail(agent.email);
      let id = existing?.id;
      if (existing === undefined) {
        id = randomUUID();
        await ops.insertAccount({
          id,
          email: agent.email,
          display_name: agent.name,
          role: 'member',
          department: agent.department,
          password_hash: null,
          deactivated_at: null,
          created_at: now,
          updated_at: now,
        });
      } else if (existing.display_name !== agent.name || existing.department !== agent.department) {
        await ops.updateAccount(existing.id, { display_name: agent.name, department: agent.department, updated_at: now });
      }
      entries.push([tokenDigest(agent.token), id!]);
    }
  });
  return new AgentDirectory(entries);
}
