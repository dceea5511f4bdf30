import { departmentProblem, displayNameProblem, emailProblem, normalizeEmail } from './account.ts';

/** An entry of `APP_AGENTS`: an account without password and its agent's bearer token. */
export interface AgentEntry {
  readonly email: string;
  readonly name: string;
  readonly department: string | null;
  readonly token: string;
}

const KEYS = ['email', 'name', 'department', 'token'];
export const AGENT_TOKEN_MIN_LENGTH = 16;

/** Parses `APP_AGENTS`; throws a sentence naming the bad entry (never its token). */
export function parseAgents(text: string): readonly AgentEntry[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('expected a JSON array of agents (the value is not valid JSON)');
  }
  if (!Array.isArray(value)) throw new Error('expected a JSON array of agents');
  const emails = new Set<string>();
  const tokens = new Set<string>();
  return Object.freeze(
    value.map((entry: unknown, i) => {
      const where = `agent ${i + 1}`;
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw new Error(`${where}: each agent must be a JSON object`);
      const a = entry as Record<string, unknown>;
      for (const key of Object.keys(a)) if (!KEYS.includes(key)) throw new Error(`${where}: unknown key "${key.slice(0, 40)}"`);
      const email = typeof a.email === 'string' ? normalizeEmail(a.email) : '';
      const emailIssue = emailProblem(email);
      if (emailIssue !== undefined) throw new Error(`${where}: "email": ${emailIssue}`);
      if (typeof a.name !== 'string' || displayNameProblem(a.name) !== undefined) throw new Error(`${where}: "name" must be 1 to 200 characters`);
      if (a.department !== undefined && a.department !== null && (typeof a.department !== 'string' || departmentProblem(a.department) !== undefined)) {
        throw new Error(`${where}: "department" must be a department name or null`);
      }
      if (typeof a.token !== 'string' || a.token.length < AGENT_TOKEN_MIN_LENGTH || a.token.length > 1024 || /\s/.test(a.token)) {
        throw new Error(`${where}: "token" must be ${AGENT_TOKEN_MIN_LENGTH} to 1024 characters without blanks`);
      }
      if (emails.has(email)) throw new Error(`${where}: email ${email} is listed twice`);
      if (tokens.has(a.token)) throw new Error(`${where}: its token is already used by another agent`);
      emails.add(email);
      tokens.add(a.token);
      return Object.freeze({ email, name: a.name, department: (a.department as string | null | undefined) ?? null, token: a.token });
    }),
  );
}

/** `APP_ADMIN`: `<email>:<password>`, split at the first `:`. */
export function parseAdminSetting(text: string): { readonly email: string; readonly password: string } {
  const colon = text.indexOf(':');
  if (colon === -1) throw new Error('expected <email>:<password>');
  const email = normalizeEmail(text.slice(0, colon));
  const password = text.slice(colon + 1);
  const problem = emailProblem(email);
  if (problem !== undefined) throw new Error(`expected <email>:<password>; ${problem}`);
  return Object.freeze({ email, password });
}
