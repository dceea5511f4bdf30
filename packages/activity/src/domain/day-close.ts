/** A finished day is announced only when it ended within this window (spec, "Day"). */
export const CLOSE_WINDOW_MS = 24 * 3_600_000;

/** What the server remembers of a stored day for the close rule. */
export interface StoredDayMark {
  /** When the day first arrived finished; null while it never has. */
  readonly firstFinishedAt: number | null;
}

/**
 * `day.closed` is emitted when a day arrives finished for the first time
 * and ended within the last 24 hours. Re-sending a finished day, correcting
 * its end, or a backlog of old days is not a close.
 */
export function closesDay(previous: StoredDayMark | undefined, endedAt: number | null, now: number): boolean {
  if (endedAt === null) return false;
  if (previous !== undefined && previous.firstFinishedAt !== null) return false;
  return endedAt >= now - CLOSE_WINDOW_MS;
}

/** The first-finished mark after an upload. */
export function firstFinishedAt(previous: StoredDayMark | undefined, endedAt: number | null, now: number): number | null {
  return previous?.firstFinishedAt ?? (endedAt === null ? null : now);
}
