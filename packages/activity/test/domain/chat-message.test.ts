import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chatBody, chatText, escapeMattermost, escapeSlack, escapeTelegramHtml, formatDuration, sentence } from '../../src/domain/chat-message.ts';
import type { WebhookPayload } from '../../src/domain/event-payload.ts';

const base = { version: 1, id: 'e', occurred_at: '2025-03-10T10:00:00.000Z', server_version: '1' } as const;
const person = { id: 'p', name: 'Ann <b>Lee</b> & *Co*_', department: 'R&D [west]' };
const alert = { id: 'a', rule: 'no_agent_data', observed_seconds: 4320, against_seconds: 3600, subject_date: null, fired_at: '2025-03-10T09:00:00.000Z' };
const raised: WebhookPayload = { ...base, event: 'alert.raised', link: 'https://act.example.com/alerts/a?x=1&y=2', person, alert };

describe('chat messages', () => {
  const durations: [number, string][] = [[0, '0 s'], [59, '59 s'], [60, '1 min'], [3599, '59 min'], [3600, '1 h'], [4320, '1 h 12 min'], [86399, '23 h 59 min'], [86400, '1 d'], [97200, '1 d 3 h'], [-5, '0 s']];
  for (const [s, text] of durations) it(`formats ${s} s as "${text}"`, () => assert.equal(formatDuration(s), text));

  const escapes: [string, (t: string) => string, string, string][] = [
    ['Slack', escapeSlack, 'a & b <c> "d" *e*', 'a &amp; b &lt;c&gt; "d" *e*'],
    ['Slack keeps entities literal', escapeSlack, '&amp;', '&amp;amp;'],
    ['Telegram HTML', escapeTelegramHtml, 'a & b <c> "d" *e*', 'a &amp; b &lt;c&gt; &quot;d&quot; *e*'],
    ['Mattermost', escapeMattermost, '*bold* _it_ [l](u) `c` #h @all ~s~ |t| 1.', '\\*bold\\* \\_it\\_ \\[l\\]\\(u\\) \\`c\\` \\#h \\@all \\~s\\~ \\|t\\| 1\\.'],
    ['Mattermost backslash', escapeMattermost, 'a\\b', 'a\\\\b'],
    ['nothing to escape', escapeMattermost, 'Ann Lee', 'Ann Lee'],
  ];
  for (const [why, escape, input, output] of escapes) it(`escapes for ${why}`, () => assert.equal(escape(input), output));

  const sentences: [WebhookPayload, string][] = [
    [raised, 'no agent data for 1 h 12 min'],
    [{ ...raised, event: 'alert.acknowledged', by: 'Max' }, 'no agent data for 1 h 12 min, acknowledged by Max'],
    [{ ...raised, event: 'alert.resolved' }, 'resolved: no agent data for 1 h 12 min'],
    [{ ...raised, alert: { ...alert, rule: 'late_start' } }, 'alert late_start'],
    [{ ...base, event: 'day.closed', person, day: { date: '2025-03-10', kind: 'work', started_at: '', ended_at: '', worked_seconds: 27000 } }, 'closed the work day of 2025-03-10, 7 h 30 min worked'],
    [{ ...base, event: 'day.closed', person, day: { date: '2025-03-10', kind: 'vacation', started_at: '', ended_at: '', worked_seconds: 0 } }, 'closed 2025-03-10 as vacation'],
    [{ ...base, event: 'day.closed', person, day: { date: '2025-03-10', kind: 'sick', started_at: '', ended_at: '', worked_seconds: 0 } }, 'closed 2025-03-10 as sick leave'],
    [{ ...base, event: 'day.closed', person, day: { date: '2025-03-10', kind: 'day_off', started_at: '', ended_at: '', worked_seconds: 0 } }, 'closed 2025-03-10 as a day off'],
    [{ ...base, event: 'test' }, 'test event from activity'],
  ];
  for (const [payload, text] of sentences) it(`says "${text}"`, () => assert.equal(sentence(payload, 'activity'), text));

  it('Slack text: escaped name and department, sentence, escaped link', () => {
    assert.equal(
      chatText('slack', raised, 'activity'),
      'Ann &lt;b&gt;Lee&lt;/b&gt; &amp; *Co*_ (R&amp;D [west]): no agent data for 1 h 12 min\nhttps://act.example.com/alerts/a?x=1&amp;y=2',
    );
  });

  it('Mattermost text: Markdown escaped, the link left clickable', () => {
    assert.equal(
      chatText('mattermost', raised, 'activity'),
      'Ann \\<b\\>Lee\\<\\/b\\> \\& \\*Co\\*\\_ (R\\&D \\[west\\]): no agent data for 1 h 12 min\nhttps://act.example.com/alerts/a?x=1&y=2',
    );
  });

  it('Telegram body: sendMessage with HTML parse mode, no preview', () => {
    assert.deepEqual(chatBody('telegram', raised, 'activity', -100123), {
      chat_id: -100123,
      text: 'Ann &lt;b&gt;Lee&lt;/b&gt; &amp; *Co*_ (R&amp;D [west]): no agent data for 1 h 12 min\nhttps://act.example.com/alerts/a?x=1&amp;y=2',
      parse_mode: 'HTML',
      disable_web_page_preview: true,
    });
  });

  it('Slack and Mattermost bodies have one field, text', () => {
    assert.deepEqual(Object.keys(chatBody('slack', raised, 'activity')), ['text']);
    assert.deepEqual(Object.keys(chatBody('mattermost', raised, 'activity')), ['text']);
  });

  it('no department and no link: name and sentence only; test names nobody', () => {
    const noLink = { ...raised, link: undefined };
    assert.equal(chatText('slack', { ...noLink, person: { ...person, name: 'Bo', department: null } }, 'activity'), 'Bo: no agent data for 1 h 12 min');
    assert.equal(chatText('telegram', { ...base, event: 'test' }, 'act<ivity'), 'test event from act&lt;ivity');
  });

  it('escapes the acknowledging name too', () => {
    assert.match(chatText('telegram', { ...raised, event: 'alert.acknowledged', by: '<script>' }, 'activity'), /acknowledged by &lt;script&gt;/);
  });
});
