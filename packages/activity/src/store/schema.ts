import type { Generated } from 'kysely';

/**
 * Table types of the activity schema. Every time is milliseconds since the
 * Unix epoch (a 64-bit integer column); ids are UUID text.
 */
export interface AccountsTable {
  id: string;
  email: string;
  display_name: string;
  role: string;
  department: string | null;
  /** argon2id PHC string; null for accounts made by the agent list, which cannot sign in. */
  password_hash: string | null;
  deactivated_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  /** SHA-256 of the session id, hex: the id itself is never stored. */
  id_hash: string;
  account_id: string;
  created_at: number;
  expires_at: number;
  ended_at: number | null;
}

export interface LoginFailuresTable {
  /** `email:<normalized email>` or `address:<client address>`. */
  key: string;
  at: number;
}

export interface AgentReportsTable {
  account_id: string;
  first_report_at: number;
  last_report_at: number;
}

export interface ActivitySamplesTable {
  account_id: string;
  started_at: number;
  ended_at: number;
  idle: number;
  received_at: number;
}

export interface DaysTable {
  account_id: string;
  date: string;
  kind: string;
  started_at: number;
  ended_at: number | null;
  /** JSON array of `[started_at, ended_at or null]` pairs. */
  pauses: string;
  worked_seconds: number | null;
  first_finished_at: number | null;
  updated_at: number;
}

export interface AlertsTable {
  id: string;
  rule: string;
  account_id: string;
  state: string;
  observed_seconds: number;
  against_seconds: number;
  subject_date: string | null;
  fired_at: number;
  acknowledged_at: number | null;
  acknowledged_by: string | null;
  resolved_at: number | null;
}

export interface EventsTable {
  id: string;
  name: string;
  occurred_at: number;
  person_name: string | null;
  /** The exact JSON body every receiver gets, on every attempt. */
  body: string;
}

export interface DeliveriesTable {
  id: string;
  event_id: string;
  destination: string;
  state: string;
  attempts: number;
  created_at: number;
  next_attempt_at: number;
  delivered_at: number | null;
  abandoned_at: number | null;
  last_status: number | null;
  last_error: string | null;
  last_error_at: number | null;
  /** Until when a process holds the delivery for an attempt. */
  lease_until: number | null;
  /** Random token of the claim that holds the lease. */
  claim: string | null;
}

export interface AuditTable {
  id: Generated<number>;
  at: number;
  actor: string;
  action: string;
  subject: string;
}

export interface ActivitySchema {
  accounts: AccountsTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  agent_reports: AgentReportsTable;
  activity_samples: ActivitySamplesTable;
  days: DaysTable;
  alerts: AlertsTable;
  events: EventsTable;
  deliveries: DeliveriesTable;
  audit: AuditTable;
}
