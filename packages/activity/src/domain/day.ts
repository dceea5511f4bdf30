import { activityErrors } from '../errors.ts';
import { dateStart, formatTimestamp, parseDate, parseTimestamp } from './time.ts';

/** Kinds of day (spec, webhook `day` object). */
export const DAY_KINDS = ['work', 'vacation', 'sick', 'day_off'] as const;
export type DayKind = (typeof DAY_KINDS)[number];

/** How far ahead of the server's clock an agent's timestamps may be. */
export const CLOCK_SKEW_MS = 5 * 60_000;
const HOUR = 3_600_000;
/** A day starts within a day of its date (time zones) and spans at most 48 hours. */
const START_MARGIN_MS = 24 * HOUR;
const LONGEST_DAY_MS = 48 * HOUR;
export const MAX_PAUSES = 500;

export interface DayUpload {
  readonly kind: DayKind;
  readonly started_at: string;
  readonly ended_at: string | null;
  readonly pauses?: readonly { readonly started_at: string; readonly ended_at: string | null }[];
}

export interface Pause {
  readonly startedAt: number;
  readonly endedAt: number | null;
}

export interface Day {
  readonly date: string;
  readonly kind: DayKind;
  readonly startedAt: number;
  readonly endedAt: number | null;
  readonly pauses: readonly Pause[];
  /** The span less its pauses; null while the day is open. */
  readonly workedSeconds: number | null;
}

function timestamp(field: string, text: string, now: number): number {
  const ms = parseTimestamp(text);
  if (ms === undefined) throw activityErrors.bad_request(`${field} must be an ISO 8601 timestamp with a time zone.`);
  if (ms > now + CLOCK_SKEW_MS) throw activityErrors.bad_request(`${field} is in the future.`);
  return ms;
}

/**
 * Checks an uploaded day against its date and the server's clock: the span
 * is ordered, pauses lie inside it without overlapping, only the last pause
 * of an open day may be open. Returns the day with its worked seconds.
 */
export function checkDay(date: string, upload: DayUpload, now: number): Day {
  if (parseDate(date) === undefined) throw activityErrors.bad_request('The date must be a real calendar day written YYYY-MM-DD.');
  const startedAt = timestamp('started_at', upload.started_at, now);
  const endedAt = upload.ended_at === null ? null : timestamp('ended_at', upload.ended_at, now);
  const midnight = dateStart(date);
  if (startedAt < midnight - START_MARGIN_MS || startedAt >= midnight + 2 * START_MARGIN_MS) {
    throw activityErrors.bad_request('started_at must fall within a day of the date.');
  }
  if (endedAt !== null && (endedAt < startedAt || endedAt - startedAt > LONGEST_DAY_MS)) {
    throw activityErrors.bad_request('ended_at must be after started_at, at most 48 hours later.');
  }
  const raw = upload.pauses ?? [];
  if (raw.length > MAX_PAUSES) throw activityErrors.bad_request(`A day has at most ${MAX_PAUSES} pauses.`);
  const pauses = raw
    .map((p, i) => ({
      startedAt: timestamp(`pauses[${i}].started_at`, p.started_at, now),
      endedAt: p.ended_at === null ? null : timestamp(`pauses[${i}].ended_at`, p.ended_at, now),
    }))
    .sort((a, b) => a.startedAt - b.startedAt);
  let previousEnd = startedAt;
  pauses.forEach((pause, i) => {
    const last = i === pauses.length - 1;
    if (pause.startedAt < previousEnd) throw activityErrors.bad_request('Pauses must lie inside the day and must not overlap.');
    if (pause.endedAt === null && (endedAt !== null || !last)) throw activityErrors.bad_request('Only the last pause of an open day may be open.');
    if (pause.endedAt !== null && (pause.endedAt < pause.startedAt || (endedAt !== null && pause.endedAt > endedAt))) {
      throw activityErrors.bad_request('Pauses must lie inside the day and must not overlap.');
    }
    previousEnd = pause.endedAt ?? pause.startedAt;
  });
  const paused = pauses.reduce((sum, p) => sum + ((p.endedAt ?? p.startedAt) - p.startedAt), 0);
  const workedSeconds = endedAt === null ? null : Math.floor((endedAt - startedAt - paused) / 1000);
  return { date, kind: upload.kind, startedAt, endedAt, pauses, workedSeconds };
}

/** A day as answered to its agent. */
export function dayView(day: Day) {
  return {
    date: day.date,
    kind: day.kind,
    started_at: formatTimestamp(day.startedAt),
    ended_at: day.endedAt === null ? null : formatTimestamp(day.endedAt),
    pauses: day.pauses.map((p) => ({ started_at: formatTimestamp(p.startedAt), ended_at: p.endedAt === null ? null : formatTimestamp(p.endedAt) })),
    worked_seconds: day.workedSeconds,
  };
}
