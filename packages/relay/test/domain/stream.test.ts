import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServiceError } from '@quartet/common';
import { genesis, link } from '../../src/domain/chain.ts';
import { checkCursor, differs, planAppend, type StreamState } from '../../src/domain/stream.ts';

const idA = Buffer.alloc(16, 0xa);
const idB = Buffer.alloc(16, 0xb);
const entries = [Buffer.from('x'), Buffer.from('y')];
const newId = () => idA;

function refusedWith(code: string, detail?: Record<string, unknown>) {
  return (e: unknown) => {
    assert.ok(e instanceof ServiceError, String(e));
    assert.equal(e.code, code);
    if (detail) assert.deepEqual({ ...e.details }, detail);
    return true;
  };
}

const existing: StreamState = { id: idA, epoch: 5, head: 2, lastHash: Buffer.alloc(32, 1) };

describe('stream table', () => {
  it('no stream + batch without stream: creates a new identity, positions from 1', () => {
    const plan = planAppend(undefined, { epoch: 3, entries }, newId);
    assert.equal(plan.created, true);
    assert.deepEqual(Buffer.from(plan.after.id), idA);
    assert.deepEqual(plan.entries.map((e) => e.seq), [1, 2]);
    assert.equal(plan.after.epoch, 3);
    assert.equal(plan.after.head, 2);
    const h1 = link(genesis(idA), 1, 3, entries[0]!);
    assert.deepEqual(Buffer.from(plan.entries[0]!.hash), h1);
    assert.deepEqual(Buffer.from(plan.after.lastHash), link(h1, 2, 3, entries[1]!));
  });

  it('no stream + batch with stream: stream_not_found, nothing created', () => {
    assert.throws(() => planAppend(undefined, { epoch: 1, entries, stream: idA }, newId), refusedWith('stream_not_found'));
  });

  it('stream exists + batch without stream, same epoch: consecutive positions after head', () => {
    const plan = planAppend(existing, { epoch: 5, entries }, () => idB);
    assert.equal(plan.created, false);
    assert.deepEqual(plan.entries.map((e) => e.seq), [3, 4]);
    assert.deepEqual(Buffer.from(plan.entries[0]!.hash), link(existing.lastHash, 3, 5, entries[0]!));
    assert.deepEqual(Buffer.from(plan.after.id), idA);
  });

  it('stream exists + batch with its identity and a higher epoch: raises the epoch', () => {
    const plan = planAppend(existing, { epoch: 9, entries, stream: idA }, newId);
    assert.equal(plan.after.epoch, 9);
    assert.equal(plan.entries[1]!.epoch, 9);
  });

  it('stream exists + batch with another identity: stream_replaced', () => {
    assert.throws(() => planAppend(existing, { epoch: 5, entries, stream: idB }, newId), refusedWith('stream_replaced'));
  });

  it('stream exists + lower epoch: epoch_behind with the stream epoch', () => {
    assert.throws(() => planAppend(existing, { epoch: 4, entries }, newId), refusedWith('epoch_behind', { epoch: 5 }));
    assert.throws(() => planAppend(existing, { epoch: 4, entries, stream: idA }, newId), refusedWith('epoch_behind', { epoch: 5 }));
  });

  it('another identity wins over a low epoch (the stream was replaced)', () => {
    assert.throws(() => planAppend(existing, { epoch: 0, entries, stream: idB }, newId), refusedWith('stream_replaced'));
  });
});

describe('cursor checks (read rule 4)', () => {
  const h1 = link(genesis(idA), 1, 1, Buffer.from('a'));
  const state: StreamState = { id: idA, epoch: 1, head: 1, lastHash: h1 };

  it('accepts the genesis cursor and a held entry', () => {
    checkCursor(state, { seq: 0, stream: idA, hash: genesis(idA) }, genesis(idA));
    checkCursor(state, { seq: 1, stream: idA, hash: h1 }, h1);
  });
  it('another identity: stream_replaced', () => {
    assert.throws(() => checkCursor(state, { seq: 1, stream: idB, hash: h1 }, h1), refusedWith('stream_replaced'));
  });
  it('past the head: cursor_ahead with head', () => {
    assert.throws(() => checkCursor(state, { seq: 2, stream: idA, hash: h1 }, undefined), refusedWith('cursor_ahead', { head: 1 }));
  });
  it('a link the stream does not have: cursor_diverged', () => {
    assert.throws(() => checkCursor(state, { seq: 1, stream: idA, hash: Buffer.alloc(32) }, h1), refusedWith('cursor_diverged'));
  });
});

describe('wait rule 5: differs', () => {
  const cursor = { seq: 3, stream: idA, hash: Buffer.alloc(32) };
  const cases = [
    ['no cursor, no stream', undefined, { id: undefined, head: 0 }, false],
    ['no cursor, empty page never happens but head 0', undefined, { id: idA, head: 0 }, false],
    ['no cursor, entries', undefined, { id: idA, head: 1 }, true],
    ['cursor, same identity and head', cursor, { id: idA, head: 3 }, false],
    ['cursor, head moved', cursor, { id: idA, head: 4 }, true],
    ['cursor, other identity', cursor, { id: idB, head: 3 }, true],
    ['cursor, stream gone', cursor, { id: undefined, head: 0 }, true],
  ] as const;
  for (const [why, c, state, expected] of cases) {
    it(why, () => assert.equal(differs({ name: 's', cursor: c }, state), expected));
  }
});
