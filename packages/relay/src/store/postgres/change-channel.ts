import pg from 'pg';
import type { HeadState } from '../../domain/stream.ts';
import type { ChangeListener } from '../store.ts';

const RECONNECT_MS = 1000;

/**
 * A dedicated connection that LISTENs for the relay's change notifications
 * (`<name> <id hex or -> <head>`). When the connection drops it reconnects
 * and asks subscribers to resynchronise, since notifications sent meanwhile
 * are lost.
 */
export class ChangeChannel {
  readonly name: string;
  readonly #config: pg.ClientConfig;
  readonly #listeners: ChangeListener[] = [];
  readonly #resyncs: (() => void)[] = [];
  #client: pg.Client | undefined;
  #closed = false;

  static payload(name: string, state: HeadState): string {
    return `${name} ${state.id ? Buffer.from(state.id).toString('hex') : '-'} ${state.head}`;
  }

  static parse(payload: string): { name: string; state: HeadState } | undefined {
    const [name, id, head] = payload.split(' ');
    if (name === undefined || id === undefined || head === undefined) return undefined;
    return { name, state: { id: id === '-' ? undefined : Buffer.from(id, 'hex'), head: Number(head) } };
  }

  static async listen(config: pg.ClientConfig, name: string): Promise<ChangeChannel> {
    const channel = new ChangeChannel(config, name.slice(0, 63));
    await channel.#connect();
    return channel;
  }

  private constructor(config: pg.ClientConfig, name: string) {
    this.#config = config;
    this.name = name;
  }

  async #connect(): Promise<void> {
    const client = new pg.Client(this.#config);
    client.on('notification', (message) => {
      const change = message.payload === undefined ? undefined : ChangeChannel.parse(message.payload);
      if (change) for (const listener of this.#listeners) listener(change.name, change.state);
    });
    client.on('error', () => this.#reconnectLater(client));
    client.on('end', () => this.#reconnectLater(client));
    await client.connect();
    await client.query(`LISTEN "${this.name}"`);
    this.#client = client;
  }

  #reconnectLater(client: pg.Client): void {
    if (this.#closed || this.#client !== client) return;
    this.#client = undefined;
    const retry = () => {
      if (this.#closed) return;
      this.#connect().then(
        () => this.#resyncs.forEach((resync) => resync()),
        () => setTimeout(retry, RECONNECT_MS).unref(),
      );
    };
    setTimeout(retry, RECONNECT_MS).unref();
  }

  subscribe(listener: ChangeListener, resync?: () => void): void {
    this.#listeners.push(listener);
    if (resync) this.#resyncs.push(resync);
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#client?.end().catch(() => {});
  }
}
