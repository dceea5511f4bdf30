import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, integer, loadConfig, serverSettings } from '../src/index.ts';

describe('loadConfig', () => {
  const settings = serverSettings('RELAY_', 'relay', 8082);

  it('uses the defaults of the general contract', () => {
    const config = loadConfig(settings, { env: {} });
    assert.deepEqual({ ...config }, { port: 8082, host: '127.0.0.1', logLevel: 'info', databaseUrl: './data/relay.db' });
    assert.ok(Object.isFrozen(config));
  });

  it('reads the environment and lets an option override it', () => {
    const config = loadConfig(settings, { env: { RELAY_PORT: '9000', LOG_LEVEL: 'warn' }, flags: { port: '9001' } });
    assert.equal(config.port, 9001);
    assert.equal(config.logLevel, 'warn');
  });

  const bad: [Record<string, string>, Record<string, string>, RegExp][] = [
    [{ RELAY_PORT: 'abc' }, {}, /^invalid setting RELAY_PORT="abc": expected a whole number from 0 to 65535$/],
    [{ RELAY_PORT: '70000' }, {}, /RELAY_PORT="70000"/],
    [{ RELAY_PORT: '1e3' }, {}, /RELAY_PORT/],
    [{ RELAY_PORT: '-1' }, {}, /RELAY_PORT/],
    [{}, { port: '99999999999999999999' }, /^invalid setting --port=/],
    [{ LOG_LEVEL: 'verbose' }, {}, /LOG_LEVEL="verbose": expected one of debug, info, warn, error/],
    [{ RELAY_DATABASE_URL: 'mysql://x' }, {}, /RELAY_DATABASE_URL/],
    [{ RELAY_DATABASE_URL: '' }, {}, /RELAY_DATABASE_URL/],
  ];
  for (const [env, flags, message] of bad) {
    it(`refuses ${JSON.stringify({ ...env, ...flags })} naming the setting`, () => {
      assert.throws(() => loadConfig(settings, { env, flags }), (error: unknown) => error instanceof ConfigError && message.test(error.message));
    });
  }

  it('never repeats the value of a secret setting', () => {
    const secrets = { token: { env: 'X_TOKEN', default: undefined, describe: 'a token', secret: true, parse: integer(1, 2) } };
    assert.throws(
      () => loadConfig(secrets, { env: { X_TOKEN: 'hunter2' } }),
      (error: unknown) => error instanceof ConfigError && error.message === 'invalid setting X_TOKEN: expected a whole number from 1 to 2',
    );
  });

  it('integer() accepts only plain decimal whole numbers in range', () => {
    const parse = integer(1, 10);
    assert.equal(parse('10'), 10);
    for (const raw of ['0', '11', '01', '1.5', ' ', '0x5', 'NaN', 'Infinity']) assert.throws(() => parse(raw), raw);
  });
});
