import { relayErrors } from '../errors.ts';
import { genesis, link } from './chain.ts';
import type { Cursor } from './cursor.ts';

/** What the relay keeps about one incarnation of a stream. */
export interface StreamState {
  readonly id: Uint8Array;
  readonly epoch: number;
  readonly head: number;
  /** Link of the entry at `head`, or genesis when the stream has no entries. */
  readonly lastHash: Uint8Array;
}

export interface Batch {
  readonly epoch: number;
  readonly entries: readonly Uint8Array[];
  readonly stream?: Uint8Array;
}

export interface Entry {
  readonly seq: number;
  readonly epoch: number;
  readonly hash: Uint8Array;
  readonly data: Uint8Array;
}

export interface AppendPlan {
  readonly created: boolean;
  readonly before: StreamState | undefined;
  readonly after: StreamState;
  readonly entries: readonly Entry[];
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

/**
 * The spec's stream table: decides what a batch does to a stream (or to the
 * absence of one) and computes the new entries with their links. Throws the
 * coded refusal when the batch is refused; nothing is changed then.
 */
export function planAppend(state: StreamState | undefined, batch: Batch, newIdentity: () => Uint8Array): AppendPlan {
  if (state === undefined) {
    if (batch.stream !== undefined) throw relayErrors.stream_not_found('No stream has this name; a first batch is sent without `stream`.');
    const id = newIdentity();
    return chainEntries(undefined, { id, epoch: batch.epoch, head: 0, lastHash: genesis(id) }, batch);
  }
  if (batch.stream !== undefined && !sameBytes(batch.stream, state.id)) throw relayErrors.stream_replaced();
  if (batch.epoch < state.epoch) throw relayErrors.epoch_behind(undefined, { details: { epoch: state.epoch } });
  return chainEntries(state, { ...state, epoch: batch.epoch }, batch);
}

function chainEntries(before: StreamState | undefined, start: StreamState, batch: Batch): AppendPlan {
  let previous = start.lastHash;
  const entries = batch.entries.map((data, i) => {
    const seq = start.head + i + 1;
    previous = link(previous, seq, batch.epoch, data);
    return { seq, epoch: batch.epoch, hash: previous, data };
  });
  return {
    created: before === undefined,
    before,
    after: { ...start, head: start.head + entries.length, lastHash: previous },
    entries,
  };
}

/**
 * Rule 4: a cursor of another identity, past the head, or with a link the
 * stream does not have at that position is refused. `linkAtCursor` is the
 * stream's link at `cursor.seq` (genesis for 0), or undefined past the head.
 */
export function checkCursor(state: StreamState, cursor: Cursor, linkAtCursor: Uint8Array | undefined): void {
  if (!sameBytes(cursor.stream, state.id)) throw relayErrors.stream_replaced();
  if (cursor.seq > state.head) throw relayErrors.cursor_ahead(undefined, { details: { head: state.head } });
  if (linkAtCursor === undefined || !sameBytes(linkAtCursor, cursor.hash)) throw relayErrors.cursor_diverged();
}

/** The visible state of a watched name: its identity (absent when no stream has it) and head. */
export interface HeadState {
  readonly id: Uint8Array | undefined;
  readonly head: number;
}

export interface Watch {
  readonly name: string;
  readonly cursor: Cursor | undefined;
}

/**
 * Rule 5: with a cursor, a stream differs when its identity or head is other
 * than the cursor's (a stream that is gone included); without one, when it
 * has any entries at all.
 */
export function differs(watch: Watch, state: HeadState): boolean {
  if (watch.cursor === undefined) return state.head > 0;
  return state.id === undefined || !sameBytes(state.id, watch.cursor.stream) || state.head !== watch.cursor.seq;
}
