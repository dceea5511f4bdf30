import { methodRoutes } from '@quartet/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { relayErrors } from '../errors.ts';
import { parseCursor } from '../domain/cursor.ts';
import { LIMITS } from '../domain/limits.ts';
import { parseStreamName } from '../domain/stream-name.ts';
import { decodeBatch, encodeDeleted, encodePage, encodeWritten } from '../protocol/messages.ts';
import type { RelayStore } from '../store/store.ts';
import { sendCbor } from './cbor-reply.ts';
import { boundedInteger, strictQuery } from './query.ts';

const nameOf = (request: FastifyRequest) => parseStreamName((request.params as { name: string }).name);

/** POST (append), GET (read) of entries; DELETE of a stream (contract addition). */
export function streamRoutes(app: FastifyInstance, store: RelayStore): void {
  methodRoutes(app, '/v1/streams/:name/entries', {
    async POST(request, reply) {
      strictQuery(request.url, {});
      const name = nameOf(request);
      if (!Buffer.isBuffer(request.body)) throw relayErrors.unsupported_media_type();
      const plan = await store.append(name, decodeBatch(request.body));
      const first = plan.entries[0]!.seq;
      return sendCbor(reply, encodeWritten({ stream: plan.after.id, epoch: plan.after.epoch, first, last: plan.after.head }));
    },
    async GET(request, reply) {
      const query = strictQuery(request.url, { after: { max: 1 }, limit: { max: 1 } });
      const name = nameOf(request);
      const after = query.get('after')?.[0];
      const limit = boundedInteger('limit', query.get('limit')?.[0], 1, LIMITS.pageEntriesMax, LIMITS.pageEntriesDefault);
      const page = await store.read(name, after === undefined ? undefined : parseCursor(after), limit);
      return sendCbor(reply, encodePage(page));
    },
  });
  methodRoutes(app, '/v1/streams/:name', {
    async DELETE(request, reply) {
      strictQuery(request.url, {});
      const removed = await store.remove(nameOf(request));
      return sendCbor(reply, encodeDeleted(removed));
    },
  });
}
