import { methodRoutes } from '@quartet/common';
import type { FastifyInstance } from 'fastify';
import { relayErrors } from '../errors.ts';
import { parseCursor } from '../domain/cursor.ts';
import { LIMITS } from '../domain/limits.ts';
import { parseStreamName } from '../domain/stream-name.ts';
import type { Watch } from '../domain/stream.ts';
import { encodeHeads } from '../protocol/messages.ts';
import type { WaitRegistry } from '../wait-registry.ts';
import { sendCbor } from './cbor-reply.ts';
import { boundedInteger, strictQuery } from './query.ts';

/** `<name>` or `<name>:<cursor>`; each name once per wait. */
export function parseWatches(values: readonly string[]): Watch[] {
  if (values.length === 0) throw relayErrors.bad_request('A wait needs at least one "watch" parameter.');
  const seen = new Set<string>();
  return values.map((value) => {
    const colon = value.indexOf(':');
    const name = parseStreamName(colon === -1 ? value : value.slice(0, colon));
    if (seen.has(name)) throw relayErrors.bad_request(`Stream "${name}" is watched twice.`);
    seen.add(name);
    return { name, cursor: colon === -1 ? undefined : parseCursor(value.slice(colon + 1)) };
  });
}

export function waitRoutes(app: FastifyInstance, waits: WaitRegistry): void {
  methodRoutes(app, '/v1/wait', {
    async GET(request, reply) {
      const query = strictQuery(request.url, { watch: { max: LIMITS.watchesMax }, timeout: { max: 1 } });
      const watches = parseWatches(query.get('watch') ?? []);
      const seconds = boundedInteger('timeout', query.get('timeout')?.[0], 0, LIMITS.waitSecondsMax, LIMITS.waitSecondsDefault);
      // A caller that hangs up stops costing a waiter.
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      const heads = await waits.wait(watches, seconds * 1000, gone.signal);
      return sendCbor(reply, encodeHeads(heads));
    },
  });
}
