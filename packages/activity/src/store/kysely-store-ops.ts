import { sql, type Kysely } from 'kysely';
import { OPEN_ALERT_STATES } from '../domain/alert.ts';
import type { AttemptOutcome } from '../domain/delivery.ts';
import type { ActivitySchema } from './schema.ts';
import type {
  Account,
  AlertRow,
  AlertWithPerson,
  AuditEntry,
  ClaimedDelivery,
  DayRow,
  DeliveryRow,
  DestinationStats,
  EventRow,
  LiveSession,
  RecentDelivery,
  SampleRow,
  StoreOps,
} from './store.ts';

/** What an engine can do, so shared queries never branch on its name. */
export interface Capabilities {
  /** `SELECT ... FOR UPDATE` holds a row lock until the transaction ends. */
  readonly rowLocks: boolean;
  /** `FOR UPDATE SKIP LOCKED`: concurrent claimers pass over each other's rows. */
  readonly skipLocked: boolean;
}

type Db = Kysely<ActivitySchema>;

// Rows per INSERT statement, well under either engine's parameter limit.
const INSERT_CHUNK = 500;

/** The store's operations, written once over Kysely for both engines. */
export class KyselyStoreOps implements StoreOps {
  readonly #db: Db;
  readonly #caps: Capabilities;

  constructor(db: Db, capabilities: Capabilities) {
    this.#db = db;
    this.#caps = capabilities;
  }

  // ------------------------------------------------------------ accounts

  async accountByEmail(email: string): Promise<Account | undefined> {
    return this.#db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst();
  }

  async accountById(id: string): Promise<Account | undefined> {
    return this.#db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertAccount(account: Account): Promise<void> {
    await this.#db.insertInto('accounts').values(account).execute();
  }

  async updateAccount(id: string, patch: Partial<Omit<Account, 'id' | 'created_at'>>): Promise<void> {
    await this.#db.updateTable('accounts').set(patch).where('id', '=', id).execute();
  }

  async existingDepartments(departments: readonly string[]): Promise<Set<string>> {
    if (departments.length === 0) return new Set();
    const rows = await this.#db.selectFrom('accounts').select('department').distinct().where('department', 'in', [...departments]).execute();
    return new Set(rows.map((r) => r.department!));
  }

  // ------------------------------------------------------------ sessions

  async insertSession(s: { idHash: string; accountId: string; createdAt: number; expiresAt: number }): Promise<void> {
    await this.#db.insertInto('sessions').values({ id_hash: s.idHash, account_id: s.accountId, created_at: s.createdAt, expires_at: s.expiresAt, ended_at: null }).execute();
  }

  async liveSession(idHash: string, now: number): Promise<LiveSession | undefined> {
    const row = await this.#db
      .selectFrom('sessions as s')
      .innerJoin('accounts as a', 'a.id', 's.account_id')
      .selectAll('a')
      .select('s.expires_at as session_expires_at')
      .where('s.id_hash', '=', idHash)
      .where('s.ended_at', 'is', null)
      .where('s.expires_at', '>', now)
      .where('a.deactivated_at', 'is', null)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const { session_expires_at, ...account } = row;
    return { expiresAt: session_expires_at, account };
  }

  async extendSession(idHash: string, expiresAt: number): Promise<void> {
    await this.#db.updateTable('sessions').set({ expires_at: expiresAt }).where('id_hash', '=', idHash).where('ended_at', 'is', null).execute();
  }

  async endSession(idHash: string, now: number): Promise<boolean> {
    const result = await this.#db.updateTable('sessions').set({ ended_at: now }).where('id_hash', '=', idHash).where('ended_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async endSessions(accountId: string, now: number): Promise<number> {
    const result = await this.#db.updateTable('sessions').set({ ended_at: now }).where('account_id', '=', accountId).where('ended_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async purgeSessions(before: number): Promise<void> {
    await this.#db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<', before), eb('ended_at', '<', before)]))
      .execute();
  }

  // ------------------------------------------------------------ login throttling

  async loginFailures(keys: readonly string[], since: number): Promise<Map<string, number[]>> {
    const found = new Map<string, number[]>(keys.map((k) => [k, []]));
    if (keys.length === 0) return found;
    const rows = await this.#db.selectFrom('login_failures').select(['key', 'at']).where('key', 'in', [...keys]).where('at', '>', since).execute();
    for (const row of rows) found.get(row.key)?.push(row.at);
    return found;
  }

  async recordLoginFailure(keys: readonly string[], at: number): Promise<void> {
    if (keys.length > 0) await this.#db.insertInto('login_failures').values(keys.map((key) => ({ key, at }))).execute();
  }

  async clearLoginFailures(key: string): Promise<void> {
    await this.#db.deleteFrom('login_failures').where('key', '=', key).execute();
  }

  async purgeLoginFailures(before: number): Promise<void> {
    await this.#db.deleteFrom('login_failures').where('at', '<=', before).execute();
  }

  // ------------------------------------------------------------ agents

  async recordReport(accountId: string, now: number): Promise<void> {
    await this.#db
      .insertInto('agent_reports')
      .values({ account_id: accountId, first_report_at: now, last_report_at: now })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ last_report_at: now }))
      .execute();
  }

  async insertSamples(samples: readonly SampleRow[]): Promise<void> {
    for (let i = 0; i < samples.length; i += INSERT_CHUNK) {
      await this.#db.insertInto('activity_samples').values(samples.slice(i, i + INSERT_CHUNK)).execute();
    }
  }

  async lastReports(accountIds: readonly string[]): Promise<Map<string, number>> {
    if (accountIds.length === 0) return new Map();
    const rows = await this.#db.selectFrom('agent_reports').select(['account_id', 'last_report_at']).where('account_id', 'in', [...accountIds]).execute();
    return new Map(rows.map((r) => [r.account_id, r.last_report_at]));
  }

  async dayForUpdate(accountId: string, date: string): Promise<DayRow | undefined> {
    const query = this.#db.selectFrom('days').selectAll().where('account_id', '=', accountId).where('date', '=', date);
    return (this.#caps.rowLocks ? query.forUpdate() : query).executeTakeFirst();
  }

  async insertDay(day: DayRow): Promise<boolean> {
    const inserted = await this.#db
      .insertInto('days')
      .values(day)
      .onConflict((oc) => oc.columns(['account_id', 'date']).doNothing())
      .returning('date')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async updateDay(day: DayRow): Promise<void> {
    const { account_id, date, ...fields } = day;
    await this.#db.updateTable('days').set(fields).where('account_id', '=', account_id).where('date', '=', date).execute();
  }

  // ------------------------------------------------------------ alerts

  #alerts() {
    return this.#db
      .selectFrom('alerts as al')
      .innerJoin('accounts as a', 'a.id', 'al.account_id')
      .selectAll('al')
      .select(['a.display_name as person_name', 'a.department as person_department']);
  }

  async openAlerts(rule?: string): Promise<AlertWithPerson[]> {
    let query = this.#alerts().where('al.state', 'in', [...OPEN_ALERT_STATES]);
    if (rule !== undefined) query = query.where('al.rule', '=', rule);
    return query.orderBy('al.fired_at', 'desc').orderBy('al.id').execute();
  }

  async alertById(id: string): Promise<AlertWithPerson | undefined> {
    return this.#alerts().where('al.id', '=', id).executeTakeFirst();
  }

  async insertAlert(alert: AlertRow): Promise<boolean> {
    const inserted = await this.#db
      .insertInto('alerts')
      .values(alert)
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async resolveAlert(id: string, now: number): Promise<boolean> {
    const changed = await this.#db
      .updateTable('alerts')
      .set({ state: 'resolved', resolved_at: now })
      .where('id', '=', id)
      .where('state', 'in', [...OPEN_ALERT_STATES])
      .returning('id')
      .executeTakeFirst();
    return changed !== undefined;
  }

  async acknowledgeAlert(id: string, now: number, by: string): Promise<boolean> {
    const changed = await this.#db
      .updateTable('alerts')
      .set({ state: 'acknowledged', acknowledged_at: now, acknowledged_by: by })
      .where('id', '=', id)
      .where('state', '=', 'raised')
      .returning('id')
      .executeTakeFirst();
    return changed !== undefined;
  }

  // ------------------------------------------------------------ events and deliveries

  async insertEvent(event: EventRow): Promise<void> {
    await this.#db.insertInto('events').values(event).execute();
  }

  async insertDeliveries(deliveries: readonly DeliveryRow[]): Promise<void> {
    for (let i = 0; i < deliveries.length; i += INSERT_CHUNK) {
      await this.#db.insertInto('deliveries').values(deliveries.slice(i, i + INSERT_CHUNK)).execute();
    }
  }

  async claimDeliveries(destinations: readonly string[], now: number, leaseUntil: number, claim: string, limit: number): Promise<ClaimedDelivery[]> {
    if (destinations.length === 0 || limit <= 0) return [];
    let due = this.#db
      .selectFrom('deliveries')
      .select('id')
      .where('state', '=', 'pending')
      .where('destination', 'in', [...destinations])
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
      .orderBy('next_attempt_at')
      .limit(limit);
    // PostgreSQL: rows another transaction is claiming are passed over, not waited for.
    if (this.#caps.skipLocked) due = due.forUpdate().skipLocked();
    // One statement: atomic on SQLite too, where it is the only writer at a time.
    const claimed = await this.#db
      .updateTable('deliveries')
      .set({ lease_until: leaseUntil, claim })
      .where('id', 'in', due)
      .returning(['id', 'event_id', 'destination', 'attempts'])
      .execute();
    if (claimed.length === 0) return [];
    const events = await this.#db
      .selectFrom('events')
      .select(['id', 'name', 'body'])
      .where('id', 'in', [...new Set(claimed.map((c) => c.event_id))])
      .execute();
    const byId = new Map(events.map((e) => [e.id, e]));
    return claimed.map((c) => ({
      id: c.id,
      eventId: c.event_id,
      destination: c.destination,
      attempts: c.attempts,
      claim,
      event: byId.get(c.event_id)!.name,
      body: byId.get(c.event_id)!.body,
    }));
  }

  async finishAttempt(id: string, claim: string, o: AttemptOutcome): Promise<boolean> {
    const result = await this.#db
      .updateTable('deliveries')
      .set({
        state: o.state,
        attempts: o.attempts,
        next_attempt_at: o.nextAttemptAt,
        delivered_at: o.deliveredAt,
        abandoned_at: o.abandonedAt,
        last_status: o.lastStatus,
        ...(o.lastError === undefined ? {} : { last_error: o.lastError, last_error_at: o.lastErrorAt ?? null }),
        lease_until: null,
        claim: null,
      })
      .where('id', '=', id)
      .where('claim', '=', claim)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async nextDueAt(destinations: readonly string[]): Promise<number | undefined> {
    if (destinations.length === 0) return undefined;
    const row = await this.#db
      .selectFrom('deliveries')
      .select(sql<number | null>`min(case when lease_until is not null and lease_until > next_attempt_at then lease_until else next_attempt_at end)`.as('due'))
      .where('state', '=', 'pending')
      .where('destination', 'in', [...destinations])
      .executeTakeFirst();
    return row?.due === null || row?.due === undefined ? undefined : Number(row.due);
  }

  async destinationStats(names: readonly string[]): Promise<Map<string, DestinationStats>> {
    const stats = new Map<string, { -readonly [K in keyof DestinationStats]: DestinationStats[K] }>(
      names.map((n) => [n, { pending: 0, delivered: 0, abandoned: 0, lastDeliveredAt: null, lastError: null, lastErrorAt: null }]),
    );
    if (names.length === 0) return stats;
    const counts = await this.#db
      .selectFrom('deliveries')
      .select(['destination', 'state', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('delivered_at').as('last_delivered_at')])
      .where('destination', 'in', [...names])
      .groupBy(['destination', 'state'])
      .execute();
    for (const row of counts) {
      const s = stats.get(row.destination);
      if (s === undefined) continue;
      const n = Number(row.n);
      if (row.state === 'pending') s.pending = n;
      else if (row.state === 'delivered') {
        s.delivered = n;
        s.lastDeliveredAt = row.last_delivered_at === null ? null : Number(row.last_delivered_at);
      } else if (row.state === 'abandoned') s.abandoned = n;
    }
    for (const name of names) {
      const last = await this.#db
        .selectFrom('deliveries')
        .select(['last_error', 'last_error_at'])
        .where('destination', '=', name)
        .where('last_error_at', 'is not', null)
        .orderBy('last_error_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (last !== undefined) Object.assign(stats.get(name)!, { lastError: last.last_error, lastErrorAt: last.last_error_at });
    }
    return stats;
  }

  async recentDeliveries(limit: number): Promise<RecentDelivery[]> {
    return this.#db
      .selectFrom('deliveries as d')
      .innerJoin('events as e', 'e.id', 'd.event_id')
      .selectAll('d')
      .select(['e.name as event', 'e.person_name as person_name'])
      .orderBy('d.created_at', 'desc')
      .orderBy('e.occurred_at', 'desc')
      .orderBy('d.destination')
      .limit(limit)
      .execute();
  }

  // ------------------------------------------------------------ audit

  async audit(entry: AuditEntry): Promise<void> {
    await this.#db.insertInto('audit').values(entry).execute();
  }

  async auditEntries(limit: number): Promise<AuditEntry[]> {
    return this.#db.selectFrom('audit').select(['at', 'actor', 'action', 'subject']).orderBy('id', 'desc').limit(limit).execute();
  }
}
