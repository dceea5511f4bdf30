import { methodRoutes } from '@quartet/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { card, compare } from '../answers/artists.ts';
import { labelDossier, sceneDossier } from '../answers/dossiers.ts';
import { radio, signal } from '../answers/radio.ts';
import { lookup, nearby, region } from '../answers/rectangles.ts';
import { search } from '../answers/search.ts';
import { parseDay } from '../domain/day.ts';
import { MAX_LOOKUP_IDS, parseId, parseIdList } from '../domain/ids.ts';
import { parseRectangle } from '../domain/rectangle.ts';
import { skyErrors } from '../errors.ts';
import type { Canon } from '../store/canon-source.ts';
import { required, single } from './query.ts';

export type CurrentCanon = () => Canon;

// Stored cards are JSON already: sent as they are, not serialized again.
const JSON_TYPE = 'application/json; charset=utf-8';

function pathId(request: FastifyRequest, name: string): number {
  const raw = (request.params as Record<string, string>)[name] ?? '';
  const id = parseId(raw);
  if (id === undefined) throw skyErrors.bad_request(`"${raw.slice(0, 40)}" is not a positive numeric id.`);
  return id;
}

function queryId(request: FastifyRequest, name: string): number {
  const raw = required(request.query, name);
  const id = parseId(raw);
  if (id === undefined) throw skyErrors.bad_request(`Query parameter "${name}" must be a positive numeric id.`);
  return id;
}

function rectangle(request: FastifyRequest) {
  const rect = parseRectangle(request.query as Record<string, unknown>);
  if (rect === undefined) throw skyErrors.bad_request('min_x, min_y, max_x and max_y are all required finite numbers.');
  return rect;
}

/** The canon's routes: parse, ask `answers/`, answer. */
export function canonRoutes(app: FastifyInstance, canon: CurrentCanon): void {
  methodRoutes(app, '/api/search', { GET: async (request) => search(canon(), single(request.query, 'q') ?? '') });
  methodRoutes(app, '/api/nearby', { GET: async (request) => nearby(canon(), rectangle(request)) });
  methodRoutes(app, '/api/region', { GET: async (request) => region(canon(), rectangle(request)) });
  methodRoutes(app, '/api/stars', {
    GET: async (request) => {
      const parsed = parseIdList(required(request.query, 'ids'));
      if (parsed === undefined) throw skyErrors.bad_request('ids must be a comma-separated list of positive numeric ids.');
      if (parsed.given > MAX_LOOKUP_IDS) throw skyErrors.bad_request(`At most ${MAX_LOOKUP_IDS} ids may be asked for at once.`);
      return lookup(canon(), parsed.ids);
    },
  });
  methodRoutes(app, '/api/artists/:id', {
    GET: async (request, reply) => reply.type(JSON_TYPE).send(await card(canon(), pathId(request, 'id'))),
  });
  methodRoutes(app, '/api/compare', { GET: async (request) => compare(canon(), queryId(request, 'a'), queryId(request, 'b')) });
  methodRoutes(app, '/api/labels/:id', { GET: async (request) => labelDossier(canon(), pathId(request, 'id')) });
  methodRoutes(app, '/api/scenes/:qid', { GET: async (request) => sceneDossier(canon(), pathId(request, 'qid')) });
  methodRoutes(app, '/api/radio/:kind/:name', {
    GET: async (request) => {
      const { kind, name } = request.params as { kind: string; name: string };
      return radio(canon(), kind, name, single(request.query, 'seed'));
    },
  });
  methodRoutes(app, '/api/signal', {
    GET: async (request) => {
      const day = parseDay(required(request.query, 'day'));
      if (day === undefined) throw skyErrors.bad_request('day must be a real date written YYYY-MM-DD.');
      return signal(canon(), day);
    },
  });
}
