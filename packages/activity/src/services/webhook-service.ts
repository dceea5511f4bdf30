import { targetOf } from '../domain/destination.ts';
import { formatOptionalTimestamp, formatTimestamp } from '../domain/time.ts';
import { activityErrors } from '../errors.ts';
import type { Caller } from './auth-service.ts';
import type { ActivityContext } from './context.ts';
import type { EventQueue } from './event-queue.ts';

/** Deliveries in the listing (spec, "Limits"). */
export const RECENT_DELIVERIES = 50;

/** The administrator's view of webhooks and the test route. No address ever leaves here. */
export class WebhookService {
  readonly #context: ActivityContext;
  readonly #queue: EventQueue;

  constructor(context: ActivityContext, queue: EventQueue) {
    this.#context = context;
    this.#queue = queue;
  }

  async listing() {
    const { config, store } = this.#context;
    const destinations = config.webhooks;
    const stats = await store.destinationStats(destinations.map((d) => d.name));
    const named = [...new Set(destinations.flatMap((d) => (d.department === null ? [] : [d.department])))];
    const existing = await store.existingDepartments(named);
    const recent = await store.recentDeliveries(RECENT_DELIVERIES);
    return {
      links: config.publicUrl !== undefined,
      destinations: destinations.map((d) => {
        const s = stats.get(d.name)!;
        return {
          name: d.name,
          kind: d.kind,
          target: targetOf(d),
          events: [...d.events],
          department: d.department,
          department_exists: d.department === null ? null : existing.has(d.department),
          pending: s.pending,
          delivered: s.delivered,
          abandoned: s.abandoned,
          last_delivered_at: formatOptionalTimestamp(s.lastDeliveredAt),
          last_error: s.lastError,
          last_error_at: formatOptionalTimestamp(s.lastErrorAt),
        };
      }),
      recent: recent.map((r) => ({
        id: r.id,
        event_id: r.event_id,
        destination: r.destination,
        event: r.event,
        person: r.person_name,
        created_at: formatTimestamp(r.created_at),
        attempts: r.attempts,
        next_attempt_at: formatTimestamp(r.next_attempt_at),
        delivered_at: formatOptionalTimestamp(r.delivered_at),
        abandoned_at: formatOptionalTimestamp(r.abandoned_at),
        last_status: r.last_status,
        last_error: r.last_error,
      })),
    };
  }

  /** Queues a `test` event for one destination, whatever it subscribes to; audited as `webhook.tested`. */
  async test(caller: Caller, name: string): Promise<string> {
    const { config, store, clock } = this.#context;
    const destination = config.webhooks.find((d) => d.name === name);
    if (destination === undefined) throw activityErrors.destination_not_found();
    const eventId = await store.transaction(async (ops) => {
      const id = await this.#queue.enqueue(ops, { event: 'test' }, destination);
      await ops.audit({ at: clock(), actor: caller.account.email, action: 'webhook.tested', subject: name });
      return id;
    });
    this.#queue.queued();
    return eventId;
  }
}
