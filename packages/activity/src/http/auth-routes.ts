import { methodRoutes } from '@quartet/common';
import type { FastifyInstance } from 'fastify';
import { PASSWORD_MAX_LENGTH } from '../domain/account.ts';
import { requireCaller, refuseBody, type SessionGate } from './authenticate.ts';
import { statusOk } from './schemas.ts';
import { clearedSessionCookie, sessionCookie } from './session-cookie.ts';

const loginBody = {
  type: 'object',
  properties: {
    email: { type: 'string', maxLength: 320 },
    password: { type: 'string', maxLength: PASSWORD_MAX_LENGTH },
  },
  required: ['email', 'password'],
  additionalProperties: false,
} as const;

const me = {
  type: 'object',
  properties: { id: { type: 'string' }, email: { type: 'string' }, display_name: { type: 'string' }, role: { type: 'string' } },
  required: ['id', 'email', 'display_name', 'role'],
  additionalProperties: false,
} as const;

/** Login, me, logout and logout-everywhere under `/api/v1/auth`. */
export function authRoutes(app: FastifyInstance, gate: SessionGate): void {
  methodRoutes(app, '/api/v1/auth/login', {
    POST: {
      bodyLimit: 16 * 1024,
      schema: { body: loginBody, response: { 200: statusOk } },
      async handler(request, reply) {
        const { email, password } = request.body as { email: string; password: string };
        const id = await gate.auth.login(email, password, request.ip);
        reply.header('set-cookie', sessionCookie(id, gate.secureCookies));
        return { status: 'ok' };
      },
    },
  });

  methodRoutes(app, '/api/v1/auth/me', {
    GET: {
      schema: { response: { 200: me } },
      async handler(request, reply) {
        const { account } = await requireCaller(gate, request, reply);
        return { id: account.id, email: account.email, display_name: account.display_name, role: account.role };
      },
    },
  });

  // Both end sessions the same way and clear the cookie; they differ in which sessions end.
  const logoutRoute = (url: string, end: (caller: Awaited<ReturnType<typeof requireCaller>>) => Promise<unknown>) =>
    methodRoutes(app, url, {
      POST: {
        schema: { response: { 200: statusOk } },
        async handler(request, reply) {
          const caller = await requireCaller(gate, request, reply);
          refuseBody(request);
          await end(caller);
          reply.header('set-cookie', clearedSessionCookie(gate.secureCookies));
          return { status: 'ok' };
        },
      },
    });
  logoutRoute('/api/v1/auth/logout', (caller) => gate.auth.logout(caller));
  logoutRoute('/api/v1/auth/logout-everywhere', (caller) => gate.auth.logoutEverywhere(caller));
}
