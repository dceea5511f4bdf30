import { randomUUID } from 'node:crypto';
import { hears, type Destination } from '../domain/destination.ts';
import { buildPayload, type EventFacts } from '../domain/event-payload.ts';
import { formatTimestamp } from '../domain/time.ts';
import type { StoreOps } from '../store/store.ts';
import { SERVER_VERSION } from '../version.ts';
import type { ActivityContext } from './context.ts';

/**
 * The outbox: an event is stored with one delivery per destination that
 * hears it, in the caller's transaction, so it is queued exactly when the
 * change it reports commits. Workers are woken once the caller has committed.
 */
export class EventQueue {
  readonly #context: ActivityContext;
  readonly #listeners: (() => void)[] = [];

  constructor(context: ActivityContext) {
    this.#context = context;
  }

  /** Queues an event for every destination that hears it, or for `only` that one whatever it subscribes to. */
  async enqueue(ops: StoreOps, facts: EventFacts, only?: Destination): Promise<string> {
    const { config, clock } = this.#context;
    const now = clock();
    const id = randomUUID();
    const payload = buildPayload(facts, { id, occurredAt: formatTimestamp(now), serverVersion: SERVER_VERSION, publicUrl: config.publicUrl });
    const person = facts.event === 'test' ? undefined : facts.person;
    const targets = only !== undefined ? [only] : config.webhooks.filter((d) => hears(d, facts.event, person));
    await ops.insertEvent({ id, name: facts.event, occurred_at: now, person_name: person?.name ?? null, body: JSON.stringify(payload) });
    await ops.insertDeliveries(
      targets.map((d) => ({
        id: randomUUID(),
        event_id: id,
        destination: d.name,
        state: 'pending',
        attempts: 0,
        created_at: now,
        next_attempt_at: now,
        delivered_at: null,
        abandoned_at: null,
        last_status: null,
        last_error: null,
        last_error_at: null,
        lease_until: null,
        claim: null,
      })),
    );
    return id;
  }

  /** Subscribes to "something was queued" (the delivery worker). */
  onQueued(listener: () => void): void {
    this.#listeners.push(listener);
  }

  /** Called after the transaction that queued events has committed. */
  queued(): void {
    for (const listener of this.#listeners) listener();
  }
}
