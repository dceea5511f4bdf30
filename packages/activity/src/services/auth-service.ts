import { emailProblem, normalizeEmail } from '../domain/account.ts';
import { combineDecisions, LOGIN_THROTTLE, throttleDecision } from '../domain/login-throttle.ts';
import { expiryFrom, shouldExtend } from '../domain/session-lifetime.ts';
import { activityErrors } from '../errors.ts';
import { isSessionId, newSessionId, sessionIdHash } from '../security/session-token.ts';
import type { Account } from '../store/store.ts';
import type { ActivityContext } from './context.ts';

/** A signed-in person, as found from the session cookie. */
export interface Caller {
  readonly account: Account;
  readonly sessionHash: string;
  /** True when this request pushed the session's expiry out (the cookie is sent again). */
  readonly extended: boolean;
}

/**
 * Sign-in: login with throttling and equal-cost refusals, sessions stored by
 * the hash of their id and checked against their rows on every request.
 */
export class AuthService {
  readonly #context: ActivityContext;

  constructor(context: ActivityContext) {
    this.#context = context;
  }

  /**
   * Checks email and password; resolves with a new session id. Unknown
   * email, deactivated account, account without password and wrong password
   * all cost one password derivation and end in the same `login_failed`.
   */
  async login(rawEmail: string, password: string, address: string): Promise<string> {
    const { store, clock, hasher } = this.#context;
    const now = clock();
    const email = normalizeEmail(rawEmail);
    const emailKey = `email:${email.slice(0, 320)}`;
    const keys = [emailKey, `address:${address}`];
    const failures = await store.loginFailures(keys, now - LOGIN_THROTTLE.windowMs);
    const decision = combineDecisions(keys.map((key) => throttleDecision(failures.get(key) ?? [], now)));
    if (decision.blocked) throw activityErrors.too_many_requests(undefined, { headers: { 'retry-after': String(decision.retryAfterSeconds) } });

    const account = emailProblem(email) === undefined ? await store.accountByEmail(email) : undefined;
    const matches = await hasher.verify(password, account?.password_hash);
    if (!matches || account === undefined || account.deactivated_at !== null) {
      await store.recordLoginFailure(keys, now);
      throw activityErrors.login_failed();
    }
    const id = newSessionId();
    await store.transaction(async (ops) => {
      await ops.insertSession({ idHash: sessionIdHash(id), accountId: account.id, createdAt: now, expiresAt: expiryFrom(now) });
      await ops.clearLoginFailures(emailKey);
      await ops.audit({ at: now, actor: account.email, action: 'auth.login', subject: account.email });
    });
    return id;
  }

  /** The caller of a session cookie value, or undefined when there is no live session. Extends the session. */
  async authenticate(sessionId: string | undefined): Promise<Caller | undefined> {
    if (sessionId === undefined || !isSessionId(sessionId)) return undefined;
    const { store, clock } = this.#context;
    const now = clock();
    const sessionHash = sessionIdHash(sessionId);
    const live = await store.liveSession(sessionHash, now);
    if (live === undefined) return undefined;
    const extended = shouldExtend(live.expiresAt, now);
    if (extended) await store.extendSession(sessionHash, expiryFrom(now));
    return { account: live.account, sessionHash, extended };
  }

  async logout(caller: Caller): Promise<void> {
    const { store, clock } = this.#context;
    const now = clock();
    await store.transaction(async (ops) => {
      await ops.endSession(caller.sessionHash, now);
      await ops.audit({ at: now, actor: caller.account.email, action: 'auth.logout', subject: caller.account.email });
    });
  }

  async logoutEverywhere(caller: Caller): Promise<number> {
    const { store, clock } = this.#context;
    const now = clock();
    return store.transaction(async (ops) => {
      const ended = await ops.endSessions(caller.account.id, now);
      await ops.audit({ at: now, actor: caller.account.email, action: 'auth.logout_everywhere', subject: caller.account.email });
      return ended;
    });
  }
}
