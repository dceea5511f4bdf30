/** Alert states (spec, "States and transitions: Alert"). */
export const ALERT_STATES = ['raised', 'acknowledged', 'resolved'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** States in which an alert is open: a condition has at most one open alert. */
export const OPEN_ALERT_STATES = ['raised', 'acknowledged'] as const satisfies readonly AlertState[];

/** Alert rules this server evaluates. */
export const ALERT_RULES = ['no_agent_data'] as const;
export type AlertRule = (typeof ALERT_RULES)[number];

export function isOpen(state: AlertState): boolean {
  return (OPEN_ALERT_STATES as readonly AlertState[]).includes(state);
}

/**
 * What a sweep does with a condition: raise when it is true and no alert is
 * open; resolve an open alert (answered or not) when it stopped being true.
 */
export function sweepAction(open: AlertState | undefined, conditionTrue: boolean): 'raise' | 'resolve' | 'keep' | 'nothing' {
  if (open !== undefined && !isOpen(open)) throw new Error(`an alert in state ${open} is not open`);
  if (open === undefined) return conditionTrue ? 'raise' : 'nothing';
  return conditionTrue ? 'keep' : 'resolve';
}

/**
 * A manager answering: a raised alert becomes acknowledged (and emits
 * `alert.acknowledged`); answering again changes nothing; a resolved alert
 * cannot be answered.
 */
export function acknowledgeAction(state: AlertState): 'acknowledge' | 'already' | 'refuse' {
  if (state === 'raised') return 'acknowledge';
  if (state === 'acknowledged') return 'already';
  return 'refuse';
}

/**
 * Rule `no_agent_data`: true for a person whose agent has reported before and
 * whose last report is more than the threshold old. The observed figure is
 * that age in whole seconds.
 */
export function noAgentData(lastReportAt: number | null, now: number, thresholdSeconds: number): { observedSeconds: number } | undefined {
  if (lastReportAt === null || now - lastReportAt <= thresholdSeconds * 1000) return undefined;
  return { observedSeconds: Math.floor((now - lastReportAt) / 1000) };
}
