import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError } from '@quartet/common';
import { loadActivityConfig } from '../src/config.ts';

describe('activity settings', () => {
  it('uses the contract defaults', () => {
    const config = loadActivityConfig({});
    assert.equal(config.port, 8084);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.databaseUrl, './data/activity.db');
    assert.equal(config.secureCookies, true);
    assert.equal(config.publicUrl, undefined);
    assert.equal(config.serverName, 'activity');
    assert.equal(config.admin, undefined);
    assert.deepEqual(config.agents, []);
    assert.deepEqual(config.webhooks, []);
    assert.equal(config.sweepSeconds, 60);
    assert.equal(config.noDataSeconds, 3600);
    assert.deepEqual(config.retrySchedule, [10, 30, 60, 300, 900, 1800, 3600, 7200, 14400, 28800]);
    assert.equal(config.deliveryTimeoutMs, 10000);
    assert.equal(config.telegramApi, 'https://api.telegram.org');
    assert.ok(Object.isFrozen(config));
  });

  it('reads every variable, options winning', () => {
    const config = loadActivityConfig(
      {
        APP_SECURE_COOKIES: 'false',
        APP_PUBLIC_URL: 'https://act.example.com/base/',
        APP_SERVER_NAME: 'acme-activity',
        APP_ADMIN: 'Root@X.io:pass:word!',
        APP_SWEEP_SECONDS: '5',
        APP_NO_DATA_SECONDS: '600',
        APP_RETRY_SCHEDULE: '1,2.5',
        APP_DELIVERY_TIMEOUT_MS: '1500',
        APP_TELEGRAM_API: 'http://127.0.0.1:9/tg/',
      },
      { 'sweep-seconds': '7' },
    );
    assert.equal(config.secureCookies, false);
    assert.equal(config.publicUrl, 'https://act.example.com/base');
    assert.equal(config.serverName, 'acme-activity');
    assert.deepEqual(config.admin, { email: 'root@x.io', password: 'pass:word!' });
    assert.equal(config.sweepSeconds, 7);
    assert.equal(config.noDataSeconds, 600);
    assert.deepEqual(config.retrySchedule, [1, 2.5]);
    assert.equal(config.deliveryTimeoutMs, 1500);
    assert.equal(config.telegramApi, 'http://127.0.0.1:9/tg');
  });

  const bad: [Record<string, string>, RegExp][] = [
    [{ APP_SECURE_COOKIES: 'maybe' }, /^invalid setting APP_SECURE_COOKIES="maybe": expected true or false$/],
    [{ APP_PUBLIC_URL: 'ftp://x' }, /APP_PUBLIC_URL/],
    [{ APP_PUBLIC_URL: 'https://x/?q=1' }, /APP_PUBLIC_URL/],
    [{ APP_SERVER_NAME: 'my server' }, /APP_SERVER_NAME/],
    [{ APP_SWEEP_SECONDS: '0' }, /APP_SWEEP_SECONDS/],
    [{ APP_NO_DATA_SECONDS: 'soon' }, /APP_NO_DATA_SECONDS/],
    [{ APP_RETRY_SCHEDULE: '10,x' }, /APP_RETRY_SCHEDULE/],
    [{ APP_DELIVERY_TIMEOUT_MS: '0' }, /APP_DELIVERY_TIMEOUT_MS/],
    [{ APP_TELEGRAM_API: 'telegram' }, /APP_TELEGRAM_API/],
    [{ APP_ADMIN: 'root@x.io:short' }, /^invalid setting APP_ADMIN: the password must be at least 8 characters$/],
    [{ APP_ADMIN: 'nobody' }, /^invalid setting APP_ADMIN: expected <email>:<password>/],
    [{ APP_WEBHOOKS: '[{"name":"x"' }, /^invalid setting APP_WEBHOOKS: expected a JSON array of destinations \(the value is not valid JSON\)$/],
    [{ APP_WEBHOOKS: '[{"name":"x","kind":"pager","url":"http://h"}]' }, /^invalid setting APP_WEBHOOKS: destination "x": "kind" must be one of/],
    [{ APP_WEBHOOKS: '[{"name":"x","kind":"webhook","url":"http://h"}]' }, /^invalid setting APP_WEBHOOKS: destination "x": "secret" is required/],
    [{ APP_AGENTS: '{}' }, /^invalid setting APP_AGENTS: expected a JSON array of agents$/],
  ];
  for (const [env, message] of bad) {
    it(`refuses ${Object.keys(env)[0]} naming it`, () => {
      assert.throws(() => loadActivityConfig(env), (e: unknown) => e instanceof ConfigError && message.test(e.message));
    });
  }

  it('never echoes a secret-bearing value', () => {
    const secrets = { APP_ADMIN: 'root@x.io:hunter2', APP_WEBHOOKS: '[{"name":"x","kind":"webhook","url":"http://h","secret":"hunter2","x":1}]', APP_AGENTS: '[{"email":"a@b.c","name":"A","token":"hunter2"}]' };
    for (const [key, value] of Object.entries(secrets)) {
      assert.throws(() => loadActivityConfig({ [key]: value }), (e: Error) => e.message.startsWith(`invalid setting ${key}`) && !e.message.includes('hunter2'));
    }
  });
});
