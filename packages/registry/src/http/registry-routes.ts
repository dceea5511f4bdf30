import { methodRoutes } from '@quartet/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import schemaText from '../../schema/registry-item.json' with { type: 'json' };
import { registryErrors } from '../errors.ts';
import { etagOf, matchesIfNoneMatch, type ItemFiles, type ServedFile } from './item-files.ts';
import { fileHeaders, LATEST_CACHE, latestFile, snapshotFile, type TreeFile } from './tree-paths.ts';

function send(request: FastifyRequest, reply: FastifyReply, file: ServedFile | undefined, cacheControl: string): FastifyReply {
  if (file === undefined) throw registryErrors.not_found();
  reply.headers(fileHeaders(file, cacheControl));
  if (matchesIfNoneMatch(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
  return reply.send(file.body);
}

async function sendTreeFile(request: FastifyRequest, reply: FastifyReply, files: ItemFiles, treeFile: TreeFile | undefined): Promise<FastifyReply> {
  if (treeFile === undefined) throw registryErrors.not_found();
  return send(request, reply, await files.get(treeFile.path), treeFile.cacheControl);
}

/** The read-only tree: latest items, pinned snapshots, the index and the item schema. */
export function registryRoutes(app: FastifyInstance, files: ItemFiles): void {
  methodRoutes(app, '/r/:file', {
    GET: async (request, reply) => sendTreeFile(request, reply, files, latestFile((request.params as { file: string }).file)),
  });
  methodRoutes(app, '/r/:snapshot/:file', {
    async GET(request, reply) {
      const { snapshot, file } = request.params as { snapshot: string; file: string };
      return sendTreeFile(request, reply, files, snapshotFile(snapshot, file));
    },
  });

  const schema = Buffer.from(JSON.stringify(schemaText, null, 2) + '\n');
  const schemaFile: ServedFile = { body: schema, etag: etagOf(schema) };
  methodRoutes(app, '/schema/registry-item.json', { GET: async (request, reply) => send(request, reply, schemaFile, LATEST_CACHE) });
  methodRoutes(app, '/health', { GET: async (_request, reply) => reply.header('access-control-allow-origin', '*').send({ status: 'ok' }) });
}
