import type { WebhookPayload } from './event-payload.ts';

/** Destination kinds: a generic receiver, or one of the three chat kinds. */
export const DESTINATION_KINDS = ['webhook', 'slack', 'mattermost', 'telegram'] as const;
export type DestinationKind = (typeof DESTINATION_KINDS)[number];
export type ChatKind = Exclude<DestinationKind, 'webhook'>;

/** Slack mrkdwn: `&`, `<` and `>` become entities. */
export function escapeSlack(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** Mattermost Markdown: every ASCII punctuation character gets a backslash (no emphasis, links or mentions). */
export function escapeMattermost(text: string): string {
  return text.replace(/[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g, (c) => `\\${c}`);
}

/** Telegram `parse_mode: HTML`: `&`, `<`, `>` and `"` become entities. */
export function escapeTelegramHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

const ESCAPE: Readonly<Record<ChatKind, (text: string) => string>> = Object.freeze({
  slack: escapeSlack,
  mattermost: escapeMattermost,
  telegram: escapeTelegramHtml,
});

/** A span of seconds as a dashboard shows it: `45 s`, `12 min`, `1 h 12 min`, `2 d 3 h`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  if (s < 86400) {
    const minutes = Math.floor((s % 3600) / 60);
    return `${Math.floor(s / 3600)} h${minutes > 0 ? ` ${minutes} min` : ''}`;
  }
  const hours = Math.floor((s % 86400) / 3600);
  return `${Math.floor(s / 86400)} d${hours > 0 ? ` ${hours} h` : ''}`;
}

const DAY_SENTENCES: Readonly<Record<string, string>> = Object.freeze({ vacation: 'as vacation', sick: 'as sick leave', day_off: 'as a day off' });

/** The sentence the dashboard shows for an event (plain text, not escaped). */
export function sentence(payload: WebhookPayload, serverName: string): string {
  const alert = payload.alert;
  const alertText = alert === undefined ? '' : alert.rule === 'no_agent_data' ? `no agent data for ${formatDuration(alert.observed_seconds)}` : `alert ${alert.rule}`;
  switch (payload.event) {
    case 'alert.raised':
      return alertText;
    case 'alert.acknowledged':
      return `${alertText}, acknowledged by ${payload.by ?? 'someone'}`;
    case 'alert.resolved':
      return `resolved: ${alertText}`;
    case 'day.closed': {
      const day = payload.day!;
      return day.kind === 'work'
        ? `closed the work day of ${day.date}, ${formatDuration(day.worked_seconds)} worked`
        : `closed ${day.date} ${DAY_SENTENCES[day.kind] ?? `as ${day.kind}`}`;
    }
    case 'test':
      return `test event from ${serverName}`;
  }
}

/**
 * The message of a chat destination: who it is about (name and department),
 * the dashboard's sentence, and the link on a line of its own when there is
 * one. Every piece of text is escaped for the kind's markup.
 */
export function chatText(kind: ChatKind, payload: WebhookPayload, serverName: string): string {
  const escape = ESCAPE[kind];
  let text = escape(sentence(payload, serverName));
  if (payload.person !== undefined) {
    const { name, department } = payload.person;
    text = `${escape(name)}${department === null ? '' : ` (${escape(department)})`}: ${text}`;
  }
  if (payload.link !== undefined) text += `\n${kind === 'mattermost' ? payload.link : escape(payload.link)}`;
  return text;
}

/** The JSON body a chat destination receives. */
export function chatBody(kind: ChatKind, payload: WebhookPayload, serverName: string, chatId?: string | number): Record<string, unknown> {
  const text = chatText(kind, payload, serverName);
  if (kind === 'telegram') return { chat_id: chatId, text, parse_mode: 'HTML', disable_web_page_preview: true };
  return { text };
}
