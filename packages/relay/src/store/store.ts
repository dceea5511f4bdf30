import type { Cursor } from '../domain/cursor.ts';
import type { AppendPlan, Batch, Entry, HeadState } from '../domain/stream.ts';

export interface Page {
  readonly stream: Uint8Array;
  readonly epoch: number;
  readonly head: number;
  readonly entries: readonly Entry[];
}

export type ChangeListener = (name: string, state: HeadState) => void;

/**
 * The relay's storage, in the spec's vocabulary. Implementations apply the
 * rules of `domain/` inside one transaction per operation and report every
 * change (from this process, or on PostgreSQL from any process on the same
 * database) to the change listeners.
 */
export interface RelayStore {
  /** Applies the stream table to a batch; commits before resolving. */
  append(name: string, batch: Batch): Promise<AppendPlan>;
  /** A page after the cursor (or from the start), consistent with `head` at one moment. */
  read(name: string, after: Cursor | undefined, limit: number): Promise<Page>;
  /** The current state of each name; names without a stream have no `id` and head 0. */
  heads(names: readonly string[]): Promise<Map<string, HeadState>>;
  /** Removes a stream and its entries; resolves with the identity removed. */
  remove(name: string): Promise<Uint8Array>;
  /** Subscribes to changes. `resync` is called when changes may have been missed. */
  onChange(listener: ChangeListener, resync?: () => void): void;
  close(): Promise<void>;
}

export const NO_STREAM: HeadState = Object.freeze({ id: undefined, head: 0 });
