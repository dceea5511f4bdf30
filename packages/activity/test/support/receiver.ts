import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { verifySignature } from '../../src/domain/signature.ts';

export interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The raw body, exactly as received. */
  readonly raw: Buffer;
  readonly json: Record<string, unknown> | undefined;
  /** Checked over the raw body with the path's secret (undefined when the path has none). */
  readonly signatureValid: boolean | undefined;
  readonly at: number;
  /** The status this receiver answered (undefined while hanging). */
  status?: number;
}

export type Answer = { readonly status: number; readonly headers?: Record<string, string>; readonly body?: string; readonly delayMs?: number } | 'hang';

/**
 * A real HTTP receiver on 127.0.0.1 (port 0). It verifies the signature of
 * each request over the raw body with the secret of its path, records what
 * it got, and answers as the test says: 2xx, 4xx, 429 with Retry-After, 500
 * or a hang that never answers.
 */
export class Receiver {
  readonly received: Received[] = [];
  /** Decides each answer; the default accepts. */
  answer: (request: Received) => Answer = () => ({ status: 204 });
  /** Requests in flight per `X-App-Event-Id` + path, and the most ever seen at once. */
  readonly #inFlight = new Map<string, number>();
  maxConcurrentSameDelivery = 0;
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  readonly #secrets: Map<string, string>;
  readonly #waiters: (() => void)[] = [];

  static async start(secrets: Record<string, string> = {}): Promise<Receiver> {
    const receiver = new Receiver(secrets);
    await new Promise<void>((resolve) => receiver.#server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  private constructor(secrets: Record<string, string>) {
    this.#secrets = new Map(Object.entries(secrets));
    this.#server = createServer((req, res) => void this.#handle(req, res));
    this.#server.keepAliveTimeout = 60_000;
    this.#server.on('connection', (socket) => {
      this.#sockets.add(socket);
      socket.once('close', () => this.#sockets.delete(socket));
    });
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as { port: number }).port}`;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const path = req.url ?? '/';
    let json: Record<string, unknown> | undefined;
    try {
      json = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      json = undefined;
    }
    const secret = this.#secrets.get(path);
    const signature = req.headers['x-app-signature'];
    const signatureValid = secret === undefined ? undefined : verifySignature(typeof signature === 'string' ? signature : undefined, raw, secret, Math.floor(Date.now() / 1000));
    const received: Received = { path, headers: req.headers, raw, json, signatureValid, at: Date.now() };
    this.received.push(received);
    const key = `${path} ${String(req.headers['x-app-event-id'])}`;
    this.#inFlight.set(key, (this.#inFlight.get(key) ?? 0) + 1);
    this.maxConcurrentSameDelivery = Math.max(this.maxConcurrentSameDelivery, this.#inFlight.get(key)!);
    const answer = this.answer(received);
    const done = () => {
      this.#inFlight.set(key, this.#inFlight.get(key)! - 1);
      this.#notify();
    };
    if (answer === 'hang') {
      res.once('close', done);
      this.#notify();
      return;
    }
    if (answer.delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    received.status = answer.status;
    done();
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body ?? '');
  }

  #notify(): void {
    for (const waiter of this.#waiters.splice(0)) waiter();
  }

  /** Waits until `check` holds, re-checked after every request. */
  async waitFor(check: () => boolean, timeoutMs = 10_000, what = 'the receiver condition'): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (!check()) {
      const left = end - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; received ${this.received.length}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 100));
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Requests this receiver answered with 2xx. */
  accepted(): Received[] {
    return this.received.filter((r) => r.status !== undefined && r.status >= 200 && r.status <= 299);
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
