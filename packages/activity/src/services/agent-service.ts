import { closesDay, firstFinishedAt } from '../domain/day-close.ts';
import { checkDay, dayView, type Day, type DayUpload } from '../domain/day.ts';
import { CLOCK_SKEW_MS } from '../domain/day.ts';
import { formatTimestamp, parseTimestamp } from '../domain/time.ts';
import { activityErrors } from '../errors.ts';
import type { Account, DayRow, StoreOps } from '../store/store.ts';
import type { ActivityContext } from './context.ts';
import type { EventQueue } from './event-queue.ts';

export interface SampleUpload {
  readonly start: string;
  readonly end: string;
  readonly idle: boolean;
}

export const MAX_SAMPLES = 1000;

function toRow(accountId: string, day: Day, first: number | null, now: number): DayRow {
  return {
    account_id: accountId,
    date: day.date,
    kind: day.kind,
    started_at: day.startedAt,
    ended_at: day.endedAt,
    pauses: JSON.stringify(day.pauses.map((p) => [p.startedAt, p.endedAt])),
    worked_seconds: day.workedSeconds,
    first_finished_at: first,
    updated_at: now,
  };
}

export const personOf = (account: Account) => ({ id: account.id, name: account.display_name, department: account.department });

/** What agents send: activity samples and days. Both count as a report. */
export class AgentService {
  readonly #context: ActivityContext;
  readonly #queue: EventQueue;

  constructor(context: ActivityContext, queue: EventQueue) {
    this.#context = context;
    this.#queue = queue;
  }

  async reportActivity(accountId: string, samples: readonly SampleUpload[]): Promise<number> {
    const { store, clock } = this.#context;
    const now = clock();
    if (samples.length > MAX_SAMPLES) throw activityErrors.bad_request(`At most ${MAX_SAMPLES} samples per request.`);
    const rows = samples.map((s, i) => {
      const start = parseTimestamp(s.start);
      const end = parseTimestamp(s.end);
      if (start === undefined || end === undefined) throw activityErrors.bad_request(`samples[${i}]: start and end must be ISO 8601 timestamps with a time zone.`);
      if (end < start || end > now + CLOCK_SKEW_MS) throw activityErrors.bad_request(`samples[${i}]: end must follow start and must not be in the future.`);
      return { account_id: accountId, started_at: start, ended_at: end, idle: s.idle ? 1 : 0, received_at: now };
    });
    await store.transaction(async (ops) => {
      await ops.insertSamples(rows);
      await ops.recordReport(accountId, now);
    });
    return rows.length;
  }

  /**
   * Stores a day (creating or replacing it) and emits `day.closed` when the
   * close rule says so, in the same transaction: under the day's row lock on
   * PostgreSQL, so two uploads at once cannot both announce it.
   */
  async uploadDay(accountId: string, date: string, upload: DayUpload): Promise<ReturnType<typeof dayView>> {
    const { store, clock } = this.#context;
    const now = clock();
    const day = checkDay(date, upload, now);
    const closed = await store.transaction(async (ops) => {
      let previous = await ops.dayForUpdate(accountId, date);
      let closes: boolean;
      if (previous === undefined && (await ops.insertDay(toRow(accountId, day, firstFinishedAt(undefined, day.endedAt, now), now)))) {
        closes = closesDay(undefined, day.endedAt, now);
      } else {
        previous ??= await ops.dayForUpdate(accountId, date);
        const mark = { firstFinishedAt: previous!.first_finished_at };
        closes = closesDay(mark, day.endedAt, now);
        await ops.updateDay(toRow(accountId, day, firstFinishedAt(mark, day.endedAt, now), now));
      }
      await ops.recordReport(accountId, now);
      if (closes) await this.#announce(ops, accountId, day);
      return closes;
    });
    if (closed) this.#queue.queued();
    return dayView(day);
  }

  async #announce(ops: StoreOps, accountId: string, day: Day): Promise<void> {
    const account = await ops.accountById(accountId);
    if (account === undefined) return;
    await this.#queue.enqueue(ops, {
      event: 'day.closed',
      person: personOf(account),
      day: { date: day.date, kind: day.kind, started_at: formatTimestamp(day.startedAt), ended_at: formatTimestamp(day.endedAt!), worked_seconds: day.workedSeconds! },
    });
  }
}
