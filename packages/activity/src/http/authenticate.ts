import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../domain/account.ts';
import { activityErrors } from '../errors.ts';
import type { AgentDirectory } from '../services/accounts.ts';
import type { AuthService, Caller } from '../services/auth-service.ts';
import { readSessionCookie, sessionCookie } from './session-cookie.ts';

export interface SessionGate {
  readonly auth: AuthService;
  readonly secureCookies: boolean;
}

/**
 * The signed-in caller of a request, checked against the session rows;
 * 401 without a live session, 403 when `roles` are given and the caller has
 * none of them. A use that pushed the expiry out sends the cookie again.
 */
export async function requireCaller(gate: SessionGate, request: FastifyRequest, reply: FastifyReply, roles?: readonly Role[]): Promise<Caller> {
  const id = readSessionCookie(request.headers.cookie);
  const caller = await gate.auth.authenticate(id);
  if (caller === undefined) throw activityErrors.unauthorized();
  if (caller.extended) reply.header('set-cookie', sessionCookie(id!, gate.secureCookies));
  if (roles !== undefined && !roles.includes(caller.account.role as Role)) throw activityErrors.forbidden();
  return caller;
}

/** The account of the agent presenting `Authorization: Bearer <token>`; 401 otherwise. */
export function requireAgent(agents: AgentDirectory, request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header === undefined ? null : /^Bearer ([^\s]{1,1024})$/.exec(header);
  const accountId = match === null ? undefined : agents.accountOf(match[1]!);
  if (accountId === undefined) throw activityErrors.unauthorized('A valid agent bearer token is required.', { headers: { 'www-authenticate': 'Bearer' } });
  return accountId;
}

/** Routes that take no body refuse one. */
export function refuseBody(request: FastifyRequest): void {
  const body = request.body as unknown;
  if (body !== undefined && body !== null && body !== '') throw activityErrors.bad_request('This route takes no body.');
}
