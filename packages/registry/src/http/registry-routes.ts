import { methodRoutes } from '@quartet/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import schemaText from '../../schema/registry-item.json' with { type: 'json' };
import { registryErrors } from '../errors.ts';
import { ITEM_NAME } from '../item/registry-item.ts';
import { etagOf, matchesIfNoneMatch, type ItemFiles, type ServedFile } from './item-files.ts';

const SNAPSHOT = /^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$/;
const LATEST_CACHE = 'no-cache';
const SNAPSHOT_CACHE = 'public, max-age=31536000, immutable';

/** `name.json` with a valid item name, or undefined: the only file names ever looked up. */
function itemFile(file: string): string | undefined {
  const name = file.endsWith('.json') ? file.slice(0, -5) : '';
  return ITEM_NAME.test(name) ? `${name}.json` : undefined;
}

function send(request: FastifyRequest, reply: FastifyReply, file: ServedFile | undefined, cacheControl: string): FastifyReply {
  if (file === undefined) throw registryErrors.not_found();
  reply.header('etag', file.etag).header('cache-control', cacheControl).header('access-control-allow-origin', '*').type('application/json; charset=utf-8');
  if (matchesIfNoneMatch(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
  return reply.send(file.body);
}

/** The read-only tree: latest items, pinned snapshots, the index and the item schema. */
export function registryRoutes(app: FastifyInstance, files: ItemFiles): void {
  methodRoutes(app, '/r/:file', {
    async GET(request, reply) {
      const name = itemFile((request.params as { file: string }).file);
      return send(request, reply, name === undefined ? undefined : await files.get(`r/${name}`), LATEST_CACHE);
    },
  });
  methodRoutes(app, '/r/:snapshot/:file', {
    async GET(request, reply) {
      const { snapshot, file } = request.params as { snapshot: string; file: string };
      const name = itemFile(file);
      const found = SNAPSHOT.test(snapshot) && name !== undefined ? await files.get(`r/${snapshot}/${name}`) : undefined;
      return send(request, reply, found, SNAPSHOT_CACHE);
    },
  });

  const schema = Buffer.from(JSON.stringify(schemaText, null, 2) + '\n');
  const schemaFile: ServedFile = { body: schema, etag: etagOf(schema) };
  methodRoutes(app, '/schema/registry-item.json', { GET: async (request, reply) => send(request, reply, schemaFile, LATEST_CACHE) });
  methodRoutes(app, '/health', { GET: async (_request, reply) => reply.header('access-control-allow-origin', '*').send({ status: 'ok' }) });
}
