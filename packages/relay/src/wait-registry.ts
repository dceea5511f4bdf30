import { differs, type HeadState, type Watch } from './domain/stream.ts';
import type { RelayStore } from './store/store.ts';

export interface Head {
  readonly name: string;
  readonly state: HeadState;
}

class Waiter {
  readonly watches: readonly Watch[];
  /** Latest known state per watched name: the store's answer, then every change since. */
  readonly known = new Map<string, HeadState>();
  readonly #resolve: (heads: Head[]) => void;
  timer: NodeJS.Timeout | undefined;

  constructor(watches: readonly Watch[], resolve: (heads: Head[]) => void) {
    this.watches = watches;
    this.#resolve = resolve;
  }

  differing(): Head[] {
    const heads: Head[] = [];
    for (const watch of this.watches) {
      const state = this.known.get(watch.name);
      if (state !== undefined && differs(watch, state)) heads.push({ name: watch.name, state });
    }
    return heads;
  }

  answer(heads: Head[]): void {
    clearTimeout(this.timer);
    this.#resolve(heads);
  }
}

/**
 * Open waits, indexed by stream name: a change wakes only the waiters of that
 * name, so idle waiters cost a map entry and a timer each, nothing per append.
 */
export class WaitRegistry {
  readonly #byName = new Map<string, Set<Waiter>>();
  readonly #store: RelayStore;
  #closed = false;

  constructor(store: RelayStore) {
    this.#store = store;
    store.onChange(
      (name, state) => this.#changed(name, state),
      () => void this.#resync(),
    );
  }

  /**
   * Resolves with the watched streams that differ from what the waiter knows,
   * as soon as one does, or with an empty list when the timeout runs out, the
   * caller gives up (`signal`) or the relay stops.
   */
  async wait(watches: readonly Watch[], timeoutMs: number, signal?: AbortSignal): Promise<Head[]> {
    if (this.#closed) return [];
    let waiter!: Waiter;
    const answered = new Promise<Head[]>((resolve) => (waiter = new Waiter(watches, resolve)));
    // Registered before the store is asked, so no change between the two is missed.
    this.#add(waiter);
    try {
      const current = await this.#store.heads(watches.map((w) => w.name));
      for (const [name, state] of current) if (!waiter.known.has(name)) waiter.known.set(name, state);
    } catch (error) {
      this.#remove(waiter);
      throw error;
    }
    const now = waiter.differing();
    if (now.length > 0 || timeoutMs === 0 || this.#closed || signal?.aborted) {
      this.#finish(waiter, now);
    } else {
      waiter.timer = setTimeout(() => this.#finish(waiter, []), timeoutMs);
      signal?.addEventListener('abort', () => this.#finish(waiter, []), { once: true });
    }
    return answered;
  }

  #add(waiter: Waiter): void {
    for (const { name } of waiter.watches) {
      let set = this.#byName.get(name);
      if (set === undefined) this.#byName.set(name, (set = new Set()));
      set.add(waiter);
    }
  }

  #remove(waiter: Waiter): void {
    for (const { name } of waiter.watches) {
      const set = this.#byName.get(name);
      set?.delete(waiter);
      if (set?.size === 0) this.#byName.delete(name);
    }
  }

  #finish(waiter: Waiter, heads: Head[]): void {
    this.#remove(waiter);
    waiter.answer(heads);
  }

  #changed(name: string, state: HeadState): void {
    const set = this.#byName.get(name);
    if (set === undefined) return;
    for (const waiter of [...set]) {
      waiter.known.set(name, state);
      // A waiter still asking the store for its first look is decided when that answer comes.
      if (waiter.timer === undefined) continue;
      const heads = waiter.differing();
      if (heads.length > 0) this.#finish(waiter, heads);
    }
  }

  /** After notifications may have been lost: ask the store again for every watched name. */
  async #resync(): Promise<void> {
    const names = [...this.#byName.keys()];
    const current = await this.#store.heads(names).catch(() => new Map<string, HeadState>());
    for (const [name, state] of current) this.#changed(name, state);
  }

  /** The relay is stopping: every open wait is answered with an empty Heads record. */
  close(): void {
    this.#closed = true;
    const all = new Set<Waiter>();
    for (const set of this.#byName.values()) for (const waiter of set) all.add(waiter);
    for (const waiter of all) this.#finish(waiter, []);
  }
}
