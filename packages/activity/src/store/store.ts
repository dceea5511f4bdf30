import type { AttemptOutcome } from '../domain/delivery.ts';
import type { ActivitySamplesTable, AccountsTable, AlertsTable, DaysTable, DeliveriesTable, EventsTable } from './schema.ts';

export type Account = Readonly<AccountsTable>;
export type AlertRow = Readonly<AlertsTable>;
export type DayRow = Readonly<DaysTable>;
export type EventRow = Readonly<EventsTable>;
export type DeliveryRow = Readonly<DeliveriesTable>;
export type SampleRow = Readonly<ActivitySamplesTable>;

export interface LiveSession {
  readonly expiresAt: number;
  readonly account: Account;
}

/** An alert with the person it is about. */
export interface AlertWithPerson extends AlertRow {
  readonly person_name: string;
  readonly person_department: string | null;
}

/** A delivery a process has claimed for one attempt, with its event. */
export interface ClaimedDelivery {
  readonly id: string;
  readonly eventId: string;
  readonly destination: string;
  readonly attempts: number;
  readonly claim: string;
  readonly event: string;
  readonly body: string;
}

export interface DestinationStats {
  readonly pending: number;
  readonly delivered: number;
  readonly abandoned: number;
  readonly lastDeliveredAt: number | null;
  readonly lastError: string | null;
  readonly lastErrorAt: number | null;
}

export interface RecentDelivery extends DeliveryRow {
  readonly event: string;
  readonly person_name: string | null;
}

export interface AuditEntry {
  readonly at: number;
  readonly actor: string;
  readonly action: string;
  readonly subject: string;
}

/**
 * The activity server's storage operations, in the spec's vocabulary. The
 * same operations run on the store itself (each statement on its own) or
 * inside `transaction`, where they commit or roll back together.
 */
export interface StoreOps {
  // Accounts
  accountByEmail(email: string): Promise<Account | undefined>;
  accountById(id: string): Promise<Account | undefined>;
  insertAccount(account: Account): Promise<void>;
  updateAccount(id: string, patch: Partial<Omit<Account, 'id' | 'created_at'>>): Promise<void>;
  /** The names among `departments` that some account belongs to. */
  existingDepartments(departments: readonly string[]): Promise<Set<string>>;

  // Sessions (by the hash of their id)
  insertSession(session: { idHash: string; accountId: string; createdAt: number; expiresAt: number }): Promise<void>;
  /** The session and its account when the session is live and the account active. */
  liveSession(idHash: string, now: number): Promise<LiveSession | undefined>;
  extendSession(idHash: string, expiresAt: number): Promise<void>;
  /** Ends one session; true when it was live. */
  endSession(idHash: string, now: number): Promise<boolean>;
  /** Ends every live session of an account; resolves with how many. */
  endSessions(accountId: string, now: number): Promise<number>;
  purgeSessions(before: number): Promise<void>;

  // Login throttling
  loginFailures(keys: readonly string[], since: number): Promise<Map<string, number[]>>;
  recordLoginFailure(keys: readonly string[], at: number): Promise<void>;
  clearLoginFailures(key: string): Promise<void>;
  purgeLoginFailures(before: number): Promise<void>;

  // Agents
  recordReport(accountId: string, now: number): Promise<void>;
  insertSamples(samples: readonly SampleRow[]): Promise<void>;
  /** Last report time of each account that has reported. */
  lastReports(accountIds: readonly string[]): Promise<Map<string, number>>;
  /** The stored day, locked for the rest of the transaction where the engine has row locks. */
  dayForUpdate(accountId: string, date: string): Promise<DayRow | undefined>;
  /** Inserts a day unless one exists; true when inserted. */
  insertDay(day: DayRow): Promise<boolean>;
  updateDay(day: DayRow): Promise<void>;

  // Alerts
  openAlerts(rule?: string): Promise<AlertWithPerson[]>;
  alertById(id: string): Promise<AlertWithPerson | undefined>;
  /** Inserts an alert unless the rule already has an open one for the person; true when inserted. */
  insertAlert(alert: AlertRow): Promise<boolean>;
  /** raised or acknowledged → resolved; true for the caller that made the change. */
  resolveAlert(id: string, now: number): Promise<boolean>;
  /** raised → acknowledged; true for the caller that made the change. */
  acknowledgeAlert(id: string, now: number, by: string): Promise<boolean>;

  // Events and their deliveries
  insertEvent(event: EventRow): Promise<void>;
  insertDeliveries(deliveries: readonly DeliveryRow[]): Promise<void>;
  /**
   * Claims up to `limit` due deliveries of the named destinations whose lease is free or expired,
   * leasing them until `leaseUntil` under the token `claim`. No two callers,
   * in any process, get the same delivery while its lease runs.
   */
  claimDeliveries(destinations: readonly string[], now: number, leaseUntil: number, claim: string, limit: number): Promise<ClaimedDelivery[]>;
  /** Records an attempt and frees the lease; false when the claim had been lost (the lease expired and another took it). */
  finishAttempt(id: string, claim: string, outcome: AttemptOutcome): Promise<boolean>;
  /** When the next pending delivery of these destinations becomes due (or its lease expires); undefined when none is pending. */
  nextDueAt(destinations: readonly string[]): Promise<number | undefined>;
  destinationStats(names: readonly string[]): Promise<Map<string, DestinationStats>>;
  recentDeliveries(limit: number): Promise<RecentDelivery[]>;

  // Audit log
  audit(entry: AuditEntry): Promise<void>;
  auditEntries(limit: number): Promise<AuditEntry[]>;
}

export interface ActivityStore extends StoreOps {
  readonly engine: 'sqlite' | 'postgres';
  /** Runs `work` in one transaction: all its operations commit together or not at all. */
  transaction<T>(work: (ops: StoreOps) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
