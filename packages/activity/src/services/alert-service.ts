import { randomUUID } from 'node:crypto';
import { acknowledgeAction, noAgentData, sweepAction } from '../domain/alert.ts';
import type { AlertFigures } from '../domain/event-payload.ts';
import { formatOptionalTimestamp, formatTimestamp } from '../domain/time.ts';
import { activityErrors } from '../errors.ts';
import type { AlertWithPerson } from '../store/store.ts';
import type { Caller } from './auth-service.ts';
import type { AgentDirectory } from './accounts.ts';
import type { ActivityContext } from './context.ts';
import type { EventQueue } from './event-queue.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const figuresOf = (a: AlertWithPerson): AlertFigures => ({
  id: a.id,
  rule: a.rule,
  observed_seconds: a.observed_seconds,
  against_seconds: a.against_seconds,
  subject_date: a.subject_date,
  fired_at: formatTimestamp(a.fired_at),
});

const personOf = (a: AlertWithPerson) => ({ id: a.account_id, name: a.person_name, department: a.person_department });

/** An alert as the API shows it. */
export function alertView(a: AlertWithPerson) {
  return {
    id: a.id,
    rule: a.rule,
    state: a.state,
    person: personOf(a),
    observed_seconds: a.observed_seconds,
    against_seconds: a.against_seconds,
    subject_date: a.subject_date,
    fired_at: formatTimestamp(a.fired_at),
    acknowledged_at: formatOptionalTimestamp(a.acknowledged_at),
    acknowledged_by: a.acknowledged_by,
    resolved_at: formatOptionalTimestamp(a.resolved_at),
  };
}

export interface SweepReport {
  readonly raised: number;
  readonly resolved: number;
}

/**
 * Alerts: the sweep raises and resolves them (spec, "Alert" table); managers
 * acknowledge. Each transition is one conditional update whose winner, in
 * whatever process, queues the event in the same transaction.
 */
export class AlertService {
  readonly #context: ActivityContext;
  readonly #queue: EventQueue;
  readonly #agents: AgentDirectory;

  constructor(context: ActivityContext, queue: EventQueue, agents: AgentDirectory) {
    this.#context = context;
    this.#queue = queue;
    this.#agents = agents;
  }

  /** Evaluates `no_agent_data` for every configured agent and moves alerts accordingly. */
  async sweep(): Promise<SweepReport> {
    const { store, clock, config } = this.#context;
    const now = clock();
    const agentIds = this.#agents.accountIds();
    const reports = await store.lastReports(agentIds);
    const open = new Map((await store.openAlerts('no_agent_data')).map((a) => [a.account_id, a]));
    const people = new Set([...reports.keys(), ...open.keys()]);
    let raised = 0;
    let resolved = 0;
    for (const accountId of people) {
      const account = await store.accountById(accountId);
      const active = account !== undefined && account.deactivated_at === null && agentIds.includes(accountId);
      const condition = active ? noAgentData(reports.get(accountId) ?? null, now, config.noDataSeconds) : undefined;
      const alert = open.get(accountId);
      const action = sweepAction(alert?.state as 'raised' | 'acknowledged' | undefined, condition !== undefined);
      if (action === 'raise' && account !== undefined && condition !== undefined) {
        const id = randomUUID();
        const inserted = await store.transaction(async (ops) => {
          const row = {
            id,
            rule: 'no_agent_data',
            account_id: accountId,
            state: 'raised',
            observed_seconds: condition.observedSeconds,
            against_seconds: config.noDataSeconds,
            subject_date: null,
            fired_at: now,
            acknowledged_at: null,
            acknowledged_by: null,
            resolved_at: null,
          };
          if (!(await ops.insertAlert(row))) return false;
          const withPerson = { ...row, person_name: account.display_name, person_department: account.department };
          await this.#queue.enqueue(ops, { event: 'alert.raised', person: personOf(withPerson), alert: figuresOf(withPerson) });
          return true;
        });
        if (inserted) raised += 1;
      } else if (action === 'resolve' && alert !== undefined) {
        const changed = await store.transaction(async (ops) => {
          if (!(await ops.resolveAlert(alert.id, now))) return false;
          // The figures it was raised with, never recomputed.
          await this.#queue.enqueue(ops, { event: 'alert.resolved', person: personOf(alert), alert: figuresOf(alert) });
          return true;
        });
        if (changed) resolved += 1;
      }
    }
    if (raised + resolved > 0) this.#queue.queued();
    return { raised, resolved };
  }

  async openAlerts(): Promise<ReturnType<typeof alertView>[]> {
    return (await this.#context.store.openAlerts()).map(alertView);
  }

  /** A manager answers: raised → acknowledged with `alert.acknowledged` and its `by`; again: unchanged. */
  async acknowledge(caller: Caller, id: string): Promise<ReturnType<typeof alertView>> {
    const { store, clock } = this.#context;
    if (!UUID.test(id)) throw activityErrors.alert_not_found();
    const now = clock();
    const by = caller.account.display_name;
    const { alert, changed } = await store.transaction(async (ops) => {
      const found = await ops.alertById(id);
      if (found === undefined) throw activityErrors.alert_not_found();
      const action = acknowledgeAction(found.state as 'raised' | 'acknowledged' | 'resolved');
      if (action === 'refuse') throw activityErrors.alert_resolved();
      if (action === 'already' || !(await ops.acknowledgeAlert(id, now, by))) {
        const current = (await ops.alertById(id))!;
        if (current.state === 'resolved') throw activityErrors.alert_resolved();
        return { alert: current, changed: false };
      }
      await this.#queue.enqueue(ops, { event: 'alert.acknowledged', person: personOf(found), alert: figuresOf(found), by });
      await ops.audit({ at: now, actor: caller.account.email, action: 'alert.acknowledged', subject: id });
      return { alert: { ...found, state: 'acknowledged', acknowledged_at: now, acknowledged_by: by }, changed: true };
    });
    if (changed) this.#queue.queued();
    return alertView(alert);
  }
}
