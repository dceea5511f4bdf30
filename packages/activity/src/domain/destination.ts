import { departmentProblem } from './account.ts';
import { DESTINATION_KINDS, type DestinationKind } from './chat-message.ts';
import { DEFAULT_EVENTS, EVENT_NAMES, type EventName, type Person } from './event-payload.ts';

/** A webhook destination declared in `APP_WEBHOOKS`. */
export interface Destination {
  readonly name: string;
  readonly kind: DestinationKind;
  /** The address (webhook, slack, mattermost); never shown. */
  readonly url?: string;
  /** The signing secret (webhook). */
  readonly secret?: string;
  readonly botToken?: string;
  readonly chatId?: string | number;
  readonly events: readonly EventName[];
  readonly department: string | null;
}

const NAME = /^[a-z0-9][a-z0-9_-]*$/;
const NAME_MAX = 64;
const BOT_TOKEN = /^[A-Za-z0-9:_-]{1,200}$/;
const CHAT_ID = /^(-?[0-9]{1,20}|@[A-Za-z0-9_]{1,64})$/;
const COMMON_KEYS = ['name', 'kind', 'events', 'department'];
const KEYS: Readonly<Record<DestinationKind, readonly string[]>> = {
  webhook: [...COMMON_KEYS, 'url', 'secret'],
  slack: [...COMMON_KEYS, 'url'],
  mattermost: [...COMMON_KEYS, 'url'],
  telegram: [...COMMON_KEYS, 'bot_token', 'chat_id'],
};

function fail(where: string, problem: string): never {
  throw new Error(`${where}: ${problem}`);
}

function httpUrl(where: string, value: unknown): string {
  if (typeof value !== 'string') fail(where, '"url" must be an http or https URL');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(where, '"url" must be an http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail(where, '"url" must be an http or https URL');
  return value;
}

function parseOne(entry: unknown, index: number): Destination {
  let where = `destination ${index + 1}`;
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) fail(where, 'each destination must be a JSON object');
  const d = entry as Record<string, unknown>;
  if (typeof d.name !== 'string' || !NAME.test(d.name) || d.name.length > NAME_MAX) {
    fail(where, `"name" must match ^[a-z0-9][a-z0-9_-]*$ (at most ${NAME_MAX} characters)`);
  }
  where = `destination "${d.name}"`;
  if (typeof d.kind !== 'string' || !(DESTINATION_KINDS as readonly string[]).includes(d.kind)) fail(where, `"kind" must be one of ${DESTINATION_KINDS.join(', ')}`);
  const kind = d.kind as DestinationKind;
  for (const key of Object.keys(d)) if (!KEYS[kind].includes(key)) fail(where, `unknown key "${key.slice(0, 40)}" for kind ${kind}`);

  let events: readonly EventName[] = DEFAULT_EVENTS;
  if (d.events !== undefined) {
    if (!Array.isArray(d.events) || d.events.length === 0 || d.events.some((e) => typeof e !== 'string' || !(EVENT_NAMES as readonly string[]).includes(e))) {
      fail(where, `"events" must be a non-empty array of ${EVENT_NAMES.join(', ')}`);
    }
    if (new Set(d.events).size !== d.events.length) fail(where, '"events" names an event twice');
    events = Object.freeze([...(d.events as EventName[])]);
  }
  let department: string | null = null;
  if (d.department !== undefined && d.department !== null) {
    if (typeof d.department !== 'string' || departmentProblem(d.department) !== undefined) fail(where, '"department" must be a department name or null');
    department = d.department;
  }
  const destination: { -readonly [K in keyof Destination]: Destination[K] } = { name: d.name, kind, events, department };
  if (kind === 'telegram') {
    if (typeof d.bot_token !== 'string' || !BOT_TOKEN.test(d.bot_token)) fail(where, '"bot_token" is required: the bot token from BotFather');
    const chatId = d.chat_id;
    const chatOk = (typeof chatId === 'number' && Number.isSafeInteger(chatId)) || (typeof chatId === 'string' && CHAT_ID.test(chatId));
    if (!chatOk) fail(where, '"chat_id" is required: a numeric chat id or @channelname');
    destination.botToken = d.bot_token;
    destination.chatId = chatId as string | number;
  } else {
    destination.url = httpUrl(where, d.url);
  }
  if (kind === 'webhook') {
    if (typeof d.secret !== 'string' || d.secret.length === 0 || d.secret.length > 1024) fail(where, '"secret" is required for a webhook: 1 to 1024 characters');
    destination.secret = d.secret;
  }
  return Object.freeze(destination);
}

/** `APP_WEBHOOKS`: a JSON array of destinations with unique names. Throws a sentence naming the bad entry. */
export function parseDestinations(text: string): readonly Destination[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('expected a JSON array of destinations (the value is not valid JSON)');
  }
  if (!Array.isArray(value)) throw new Error('expected a JSON array of destinations');
  const destinations = value.map(parseOne);
  const seen = new Set<string>();
  for (const d of destinations) {
    if (seen.has(d.name)) throw new Error(`destination "${d.name}" is declared twice`);
    seen.add(d.name);
  }
  return Object.freeze(destinations);
}

/** Whether a destination hears an event: subscribed, and about a person of its department when it names one. */
export function hears(destination: Destination, event: EventName, person: Person | undefined): boolean {
  if (!destination.events.includes(event)) return false;
  return destination.department === null || person?.department === destination.department;
}

/** What the listing shows instead of the address: the URL's host, or the chat id. */
export function targetOf(destination: Destination): string {
  if (destination.kind === 'telegram') return String(destination.chatId);
  return new URL(destination.url!).host;
}

/** Where an attempt is sent. */
export function deliveryUrl(destination: Destination, telegramApi: string): string {
  if (destination.kind === 'telegram') return `${telegramApi}/bot${destination.botToken}/sendMessage`;
  return destination.url!;
}
