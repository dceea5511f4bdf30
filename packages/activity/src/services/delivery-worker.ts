import { randomUUID } from 'node:crypto';
import type { Logger } from '@quartet/common';
import { Agent, request, type Dispatcher } from 'undici';
import { chatBody } from '../domain/chat-message.ts';
import { afterAttempt, leaseMillis, type AttemptOutcome, type AttemptResult } from '../domain/delivery.ts';
import { deliveryUrl, type Destination } from '../domain/destination.ts';
import type { WebhookPayload } from '../domain/event-payload.ts';
import { parseRetryAfter } from '../domain/retry-schedule.ts';
import { signatureHeader } from '../domain/signature.ts';
import type { Clock } from '../domain/time.ts';
import type { ActivityStore, ClaimedDelivery } from '../store/store.ts';

export interface DeliveryWorkerOptions {
  readonly store: ActivityStore;
  readonly destinations: readonly Destination[];
  readonly schedule: readonly number[];
  readonly timeoutMs: number;
  readonly telegramApi: string;
  readonly serverName: string;
  readonly serverVersion: string;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Attempts in flight at once in this process. */
  readonly concurrency?: number;
  /** Longest sleep between looks at the queue (other processes may queue work). */
  readonly pollMs?: number;
}

/** Most of an answer body that is read (for a Telegram `retry_after`); the rest is discarded. */
const ANSWER_BYTES = 64 * 1024;

async function readCapped(body: Dispatcher.ResponseData['body'], limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= limit) break;
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A short sentence for a failed attempt: never an address, a token or a stack. */
export function failureSentence(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; code?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code;
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_ABORTED') {
    return `no answer within ${timeoutMs} ms`;
  }
  if (code === 'ECONNREFUSED') return 'the connection was refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name did not resolve';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return 'the connection closed before an answer';
  if (typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code)) return `the request failed (${code})`;
  return 'the request failed';
}

/**
 * Sends pending deliveries. Each round, in one transaction, records the
 * attempts finished since the last round (each under its claim) and claims
 * more due deliveries with a lease (see `StoreOps.claimDeliveries`); the
 * claimed ones are sent concurrently. A process killed mid-attempt leaves leases that
 * expire, and any process then takes those deliveries up again.
 */
export class DeliveryWorker {
  readonly #o: Required<DeliveryWorkerOptions>;
  readonly #byName: ReadonlyMap<string, Destination>;
  readonly #names: readonly string[];
  readonly #agent: Agent;
  readonly #inFlight = new Set<Promise<void>>();
  /** Attempts finished but not yet recorded; the next round records them together. */
  readonly #settled: { delivery: ClaimedDelivery; outcome: AttemptOutcome }[] = [];
  #claiming = false;
  #loop: Promise<void> | undefined;
  #woken = false;
  #wakeSleeper: (() => void) | undefined;

  constructor(options: DeliveryWorkerOptions) {
    this.#o = { concurrency: 32, pollMs: 1000, ...options };
    this.#byName = new Map(options.destinations.map((d) => [d.name, d]));
    this.#names = options.destinations.map((d) => d.name);
    this.#agent = new Agent({ connect: { timeout: options.timeoutMs }, headersTimeout: options.timeoutMs, bodyTimeout: options.timeoutMs, keepAliveTimeout: 4000 });
  }

  start(): void {
    if (this.#loop !== undefined || this.#names.length === 0) return;
    this.#claiming = true;
    this.#loop = this.#run();
  }

  /** Something was queued or finished: look at the queue now. */
  wake(): void {
    this.#woken = true;
    this.#wakeSleeper?.();
  }

  /** Stops claiming; the attempts in flight finish and their outcomes are recorded. */
  async stop(): Promise<void> {
    this.#claiming = false;
    this.wake();
    await this.#loop;
    await this.#agent.close();
  }

  async #run(): Promise<void> {
    const { store, clock, concurrency, pollMs, timeoutMs, logger } = this.#o;
    while (this.#claiming || this.#inFlight.size > 0 || this.#settled.length > 0) {
      // Let the answers that arrived together settle first: one round records them all.
      await new Promise((resolve) => setImmediate(resolve));
      this.#woken = false;
      // One transaction per round: record every attempt finished since the last round, claim more.
      const settled = this.#settled.splice(0);
      const free = this.#claiming ? concurrency - this.#inFlight.size : 0;
      let claimed: ClaimedDelivery[] = [];
      try {
        if (settled.length > 0 || free > 0) {
          const now = clock();
          const lease = now + leaseMillis(timeoutMs);
          const recorded = await store.transaction(async (ops) => {
            const kept: boolean[] = [];
            for (const s of settled) kept.push(await ops.finishAttempt(s.delivery.id, s.delivery.claim, s.outcome));
            if (free > 0) claimed = await ops.claimDeliveries(this.#names, now, lease, randomUUID(), free);
            return kept;
          });
          settled.forEach((s, i) => this.#logOutcome(s.delivery, s.outcome, recorded[i]!));
        }
        for (const delivery of claimed) {
          const attempt: Promise<void> = this.#attempt(delivery).finally(() => {
            this.#inFlight.delete(attempt);
            this.wake();
          });
          this.#inFlight.add(attempt);
        }
        if (this.#settled.length > 0 || (claimed.length > 0 && claimed.length === free)) continue;
        if (!this.#claiming || free <= 0) {
          // Only finished attempts can bring work now: they wake the loop.
          await this.#sleep(pollMs);
          continue;
        }
        const due = await store.nextDueAt(this.#names);
        await this.#sleep(due === undefined ? pollMs : Math.min(pollMs, Math.max(0, due - clock())));
      } catch (error) {
        // Unrecorded attempts keep their lease; when it expires they are sent again (at least once).
        logger.error({ err: error }, 'delivery queue failed; retrying');
        await this.#sleep(pollMs);
      }
    }
  }

  #sleep(ms: number): Promise<void> {
    if (this.#woken) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wakeSleeper = () => {
        this.#wakeSleeper = undefined;
        done();
      };
    });
  }

  async #attempt(delivery: ClaimedDelivery): Promise<void> {
    const { clock, schedule } = this.#o;
    const destination = this.#byName.get(delivery.destination)!;
    const result = await this.#send(destination, delivery);
    this.#settled.push({ delivery, outcome: afterAttempt(delivery.attempts, result, schedule, clock()) });
  }

  #logOutcome(delivery: ClaimedDelivery, outcome: AttemptOutcome, recorded: boolean): void {
    const { logger } = this.#o;
    const log = { delivery: delivery.id, event_id: delivery.eventId, destination: delivery.destination, state: outcome.state, attempts: outcome.attempts, status: outcome.lastStatus };
    if (!recorded) logger.warn(log, 'delivery lease lost before the attempt was recorded');
    else if (outcome.state === 'abandoned') logger.warn({ ...log, error: outcome.lastError }, 'delivery abandoned');
    else if (outcome.state === 'pending') logger.info({ ...log, error: outcome.lastError }, 'delivery will be retried');
    else logger.debug(log, 'delivered');
  }

  async #send(destination: Destination, delivery: ClaimedDelivery): Promise<AttemptResult> {
    const { clock, timeoutMs, serverName, serverVersion, telegramApi } = this.#o;
    const body =
      destination.kind === 'webhook'
        ? delivery.body
        : JSON.stringify(chatBody(destination.kind, JSON.parse(delivery.body) as WebhookPayload, serverName, destination.chatId));
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': `${serverName}/${serverVersion}`,
      'x-app-event': delivery.event,
      'x-app-event-id': delivery.eventId,
    };
    if (destination.kind === 'webhook') headers['x-app-signature'] = signatureHeader(destination.secret!, Math.floor(clock() / 1000), body);
    try {
      const answer = await request(deliveryUrl(destination, telegramApi), {
        method: 'POST',
        headers,
        body,
        dispatcher: this.#agent,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const status = answer.statusCode;
      let retryAfterSeconds = parseRetryAfter(answer.headers['retry-after']);
      if (status >= 200 && status <= 299) {
        answer.body.dump().catch(() => {});
      } else {
        const text = await readCapped(answer.body, ANSWER_BYTES).catch(() => '');
        if (retryAfterSeconds === undefined && destination.kind === 'telegram') retryAfterSeconds = telegramRetryAfter(text);
      }
      return { kind: 'answer', status, retryAfterSeconds };
    } catch (error) {
      return { kind: 'failure', error: failureSentence(error, timeoutMs) };
    }
  }
}

/** The Telegram bot API puts its wait in the body: `{"parameters": {"retry_after": 5}}`. */
export function telegramRetryAfter(text: string): number | undefined {
  try {
    const parsed = JSON.parse(text) as { parameters?: { retry_after?: unknown } } | null;
    return parseRetryAfter(parsed?.parameters?.retry_after);
  } catch {
    return undefined;
  }
}
