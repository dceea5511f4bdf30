import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testBackends, type TestDatabase } from '@quartet/common/testing';
import { setAccount } from '../../src/services/accounts.ts';
import { ActivityHarness, ADMIN, AGENT_TOKEN, FakeClock } from '../support/harness.ts';

const hooks = [{ name: 'all', kind: 'webhook', url: 'http://127.0.0.1:9/all', secret: 's' }];

interface Alert {
  id: string;
  rule: string;
  state: string;
  person: { id: string; name: string; department: string | null };
  observed_seconds: number;
  against_seconds: number;
  subject_date: string | null;
  fired_at: string;
  acknowledged_at: string | null;
  acknowledged_by: string | null;
  resolved_at: string | null;
}

for (const backend of testBackends()) {
  describe(`alerts on ${backend.engine}`, { skip: backend.skip }, () => {
    let database: TestDatabase;
    let server: ActivityHarness;
    let manager: string;
    let member: string;
    let admin: string;
    const clock = new FakeClock();
    const report = () => server.call('POST', '/api/v1/agent/activity', { token: AGENT_TOKEN, body: { samples: [] } });
    const sweep = () => server.services.alerts.sweep();
    const openAlerts = async (cookie = manager) => ((await server.call('GET', '/api/v1/alerts', { cookie })).json as { alerts: Alert[] }).alerts;
    /** Every queued body of an event so far (a peek that claims far in the future). */
    const bodies = async (event: string) => {
      const { store } = server.services.context;
      const claimed = await store.claimDeliveries(['all'], clock.now + 10 ** 9, clock.now + 10 ** 9 + 1, `peek-${Math.random()}`, 1000);
      return claimed.filter((c) => c.event === event).map((c) => JSON.parse(c.body) as Record<string, unknown>);
    };

    before(async () => {
      database = await backend.create();
      server = await ActivityHarness.start(database, { clock: clock.read, env: { APP_WEBHOOKS: JSON.stringify(hooks), APP_NO_DATA_SECONDS: '3600' } });
      const context = server.services.context;
      await setAccount(context, { email: 'max@example.com', password: 'manager password', role: 'manager', name: 'Max <Boss>' }, 'test');
      await setAccount(context, { email: 'mia@example.com', password: 'member password', role: 'member' }, 'test');
      manager = await server.login('max@example.com', 'manager password');
      member = await server.login('mia@example.com', 'member password');
      admin = await server.login(ADMIN.email, ADMIN.password);
    });
    after(async () => {
      await server?.close();
      await database?.drop();
    });

    it('raises nothing for an agent that never reported', async () => {
      assert.deepEqual(await sweep(), { raised: 0, resolved: 0 });
    });

    it('raises no_agent_data once the last report is older than the threshold, with frozen figures', async () => {
      assert.equal((await report()).status, 202);
      const reportedAt = clock.now;
      clock.advance(3600_000);
      assert.deepEqual(await sweep(), { raised: 0, resolved: 0 }, 'exactly the threshold is not over it');
      clock.advance(720_000 + 500);
      assert.deepEqual(await sweep(), { raised: 1, resolved: 0 });
      assert.deepEqual(await sweep(), { raised: 0, resolved: 0 }, 'one open alert per condition');
      const [alert] = await openAlerts();
      assert.equal(alert!.rule, 'no_agent_data');
      assert.equal(alert!.state, 'raised');
      assert.equal(alert!.observed_seconds, 4320);
      assert.equal(alert!.against_seconds, 3600);
      assert.equal(alert!.subject_date, null);
      assert.equal(alert!.fired_at, new Date(reportedAt + 4320_500).toISOString());
      assert.deepEqual(alert!.person, { id: alert!.person.id, name: 'Ann <Lee> & *Co*', department: 'Sales' });
      const [raised] = await bodies('alert.raised');
      assert.deepEqual(raised!.alert, { id: alert!.id, rule: 'no_agent_data', observed_seconds: 4320, against_seconds: 3600, subject_date: null, fired_at: alert!.fired_at });
      assert.deepEqual(Object.keys(raised!), ['version', 'id', 'event', 'occurred_at', 'server_version', 'person', 'alert']);
    });

    it('lists open alerts for managers and administrators only', async () => {
      assert.equal((await openAlerts(admin)).length, 1);
      assert.equal((await server.call('GET', '/api/v1/alerts', { cookie: member })).status, 403);
      assert.equal((await server.call('GET', '/api/v1/alerts')).status, 401);
    });

    it('a manager acknowledges: 200 with the alert, alert.acknowledged with by; again changes nothing', async () => {
      const [alert] = await openAlerts();
      assert.equal((await server.call('POST', `/api/v1/alerts/${alert!.id}/acknowledge`, { cookie: member })).status, 403);
      clock.advance(60_000);
      const answer = await server.call('POST', `/api/v1/alerts/${alert!.id}/acknowledge`, { cookie: manager });
      assert.equal(answer.status, 200);
      const acknowledged = answer.json as Alert;
      assert.equal(acknowledged.state, 'acknowledged');
      assert.equal(acknowledged.acknowledged_by, 'Max <Boss>');
      assert.equal(acknowledged.acknowledged_at, new Date(clock.now).toISOString());
      assert.equal(acknowledged.observed_seconds, 4320);
      const again = await server.call('POST', `/api/v1/alerts/${alert!.id}/acknowledge`, { cookie: admin });
      assert.equal(again.status, 200);
      assert.equal((again.json as Alert).acknowledged_by, 'Max <Boss>');
      const events = await bodies('alert.acknowledged');
      assert.equal(events.length, 1);
      assert.equal(events[0]!.by, 'Max <Boss>');
      assert.deepEqual(Object.keys(events[0]!), ['version', 'id', 'event', 'occurred_at', 'server_version', 'person', 'alert', 'by']);
      assert.equal((await openAlerts())[0]!.state, 'acknowledged', 'still open');
      const audit = (await server.call('GET', '/api/v1/audit', { cookie: admin })).json as { entries: { at: string; action: string; subject: string; actor: string }[] };
      assert.deepEqual(audit.entries.find((e) => e.action === 'alert.acknowledged'), { at: audit.entries.find((e) => e.action === 'alert.acknowledged')!.at, actor: 'max@example.com', action: 'alert.acknowledged', subject: alert!.id });
    });

    it('refuses unknown and malformed alert ids with 404 alert_not_found', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', "1' OR '1'='1", '%00']) {
        const answer = await server.call('POST', `/api/v1/alerts/${encodeURIComponent(id)}/acknowledge`, { cookie: manager });
        assert.equal(answer.status, 404, id);
        assert.equal((answer.json as { error: string }).error, 'alert_not_found');
      }
    });

    it('resolves at the next sweep after the agent reports again, with the figures it was raised with', async () => {
      const [alert] = await openAlerts();
      clock.advance(3 * 3600_000);
      assert.equal((await report()).status, 202);
      assert.deepEqual(await sweep(), { raised: 0, resolved: 1 });
      assert.deepEqual(await openAlerts(), []);
      const [resolved] = await bodies('alert.resolved');
      assert.deepEqual(resolved!.alert, { id: alert!.id, rule: 'no_agent_data', observed_seconds: 4320, against_seconds: 3600, subject_date: null, fired_at: alert!.fired_at });
      const refused = await server.call('POST', `/api/v1/alerts/${alert!.id}/acknowledge`, { cookie: manager });
      assert.equal(refused.status, 409);
      assert.equal((refused.json as { error: string }).error, 'alert_resolved');
    });

    it('resolves an unanswered alert too, and raises a new one when the condition returns', async () => {
      clock.advance(2 * 3600_000);
      assert.deepEqual(await sweep(), { raised: 1, resolved: 0 });
      const [second] = await openAlerts();
      assert.equal(second!.observed_seconds, 7200);
      await report();
      assert.deepEqual(await sweep(), { raised: 0, resolved: 1 });
      const resolved = await bodies('alert.resolved');
      assert.equal(resolved.length, 2, 'this one and the earlier one');
      assert.ok(resolved.some((r) => (r.alert as { id: string }).id === second!.id));
    });

    it('sweeps from several workers at once raise one alert', async () => {
      clock.advance(2 * 3600_000);
      const reports = await Promise.all([sweep(), sweep(), sweep()]);
      assert.equal(reports.reduce((n, r) => n + r.raised, 0), 1);
      assert.equal((await openAlerts()).length, 1);
    });
  });
}
