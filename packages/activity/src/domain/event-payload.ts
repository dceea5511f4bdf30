/** Webhook event names (spec, "Events"). */
export const EVENT_NAMES = ['alert.raised', 'alert.acknowledged', 'alert.resolved', 'day.closed', 'test'] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** Every event but `test`: what a destination hears when it names no events. */
export const DEFAULT_EVENTS: readonly EventName[] = Object.freeze(EVENT_NAMES.filter((e) => e !== 'test'));

/** The payload shape number (spec, "Versioning"). */
export const PAYLOAD_VERSION = 1;

export interface Person {
  readonly id: string;
  readonly name: string;
  readonly department: string | null;
}

/** An alert as it fired; its figures never change afterwards. */
export interface AlertFigures {
  readonly id: string;
  readonly rule: string;
  readonly observed_seconds: number;
  readonly against_seconds: number;
  readonly subject_date: string | null;
  readonly fired_at: string;
}

export interface DayFigures {
  readonly date: string;
  readonly kind: string;
  readonly started_at: string;
  readonly ended_at: string;
  readonly worked_seconds: number;
}

/** What happened, before the server stamps it with an id and a time. */
export type EventFacts =
  | { readonly event: 'test' }
  | { readonly event: 'alert.raised' | 'alert.resolved'; readonly person: Person; readonly alert: AlertFigures }
  | { readonly event: 'alert.acknowledged'; readonly person: Person; readonly alert: AlertFigures; readonly by: string }
  | { readonly event: 'day.closed'; readonly person: Person; readonly day: DayFigures };

export interface EventStamp {
  readonly id: string;
  readonly occurredAt: string;
  readonly serverVersion: string;
  /** `APP_PUBLIC_URL` without a trailing slash, when configured. */
  readonly publicUrl: string | undefined;
}

/** The body sent to a receiver, fields in the spec's order. */
export interface WebhookPayload {
  readonly version: number;
  readonly id: string;
  readonly event: EventName;
  readonly occurred_at: string;
  readonly server_version: string;
  readonly link?: string;
  readonly person?: Person;
  readonly alert?: AlertFigures;
  readonly by?: string;
  readonly day?: DayFigures;
}

/** Where to look for an event, under the public URL. */
export function linkPath(facts: EventFacts): string {
  switch (facts.event) {
    case 'alert.raised':
    case 'alert.acknowledged':
    case 'alert.resolved':
      return `/alerts/${encodeURIComponent(facts.alert.id)}`;
    case 'day.closed':
      return `/people/${encodeURIComponent(facts.person.id)}/days/${facts.day.date}`;
    case 'test':
      return '/';
  }
}

/** Builds the payload: `link` only with a public URL, `person` except on `test`, `alert`, `by`, `day` by event. */
export function buildPayload(facts: EventFacts, stamp: EventStamp): WebhookPayload {
  const payload: Record<string, unknown> = {
    version: PAYLOAD_VERSION,
    id: stamp.id,
    event: facts.event,
    occurred_at: stamp.occurredAt,
    server_version: stamp.serverVersion,
  };
  if (stamp.publicUrl !== undefined) payload.link = `${stamp.publicUrl}${linkPath(facts)}`;
  if (facts.event !== 'test') payload.person = { id: facts.person.id, name: facts.person.name, department: facts.person.department };
  if (facts.event === 'alert.raised' || facts.event === 'alert.resolved' || facts.event === 'alert.acknowledged') {
    const a = facts.alert;
    payload.alert = { id: a.id, rule: a.rule, observed_seconds: a.observed_seconds, against_seconds: a.against_seconds, subject_date: a.subject_date, fired_at: a.fired_at };
  }
  if (facts.event === 'alert.acknowledged') payload.by = facts.by;
  if (facts.event === 'day.closed') {
    const d = facts.day;
    payload.day = { date: d.date, kind: d.kind, started_at: d.started_at, ended_at: d.ended_at, worked_seconds: d.worked_seconds };
  }
  return payload as unknown as WebhookPayload;
}
