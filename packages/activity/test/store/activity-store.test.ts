import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { testBackends, type TestDatabase } from '@quartet/common/testing';
import { afterAttempt } from '../../src/domain/delivery.ts';
import { openActivityStore } from '../../src/store/open-activity-store.ts';
import type { Account, ActivityStore, DeliveryRow } from '../../src/store/store.ts';

const T0 = 1_700_000_000_000;

function account(email: string, over: Partial<Account> = {}): Account {
  return { id: randomUUID(), email, display_name: email.split('@')[0]!, role: 'member', department: null, password_hash: 'h', deactivated_at: null, created_at: T0, updated_at: T0, ...over };
}

function delivery(eventId: string, destination: string, over: Partial<DeliveryRow> = {}): DeliveryRow {
  return {
    id: randomUUID(), event_id: eventId, destination, state: 'pending', attempts: 0, created_at: T0, next_attempt_at: T0,
    delivered_at: null, abandoned_at: null, last_status: null, last_error: null, last_error_at: null, lease_until: null, claim: null, ...over,
  };
}

for (const backend of testBackends()) {
  describe(`activity store on ${backend.engine}`, { skip: backend.skip }, () => {
    let database: TestDatabase;
    let store: ActivityStore;

    before(async () => {
      database = await backend.create();
      store = await openActivityStore(database.url);
    });
    after(async () => {
      await store?.close();
      await database?.drop();
    });

    it('opens the engine the URL names and reopens without migrating twice', async () => {
      assert.equal(store.engine, backend.engine);
      const again = await openActivityStore(database.url);
      await again.close();
    });

    it('keeps accounts unique by email and finds departments that exist', async () => {
      const ann = account('ann@x.io', { department: 'Sales' });
      await store.insertAccount(ann);
      await assert.rejects(store.insertAccount(account('ann@x.io')));
      assert.deepEqual({ ...(await store.accountByEmail('ann@x.io')) }, ann);
      await store.updateAccount(ann.id, { role: 'manager', updated_at: T0 + 1 });
      assert.equal((await store.accountById(ann.id))?.role, 'manager');
      assert.deepEqual([...(await store.existingDepartments(['Sales', 'Nowhere', "x' OR '1'='1"]))], ['Sales']);
      assert.deepEqual([...(await store.existingDepartments([]))], []);
    });

    it('finds a session by the hash of its id while it is live and its account active', async () => {
      const bo = account('bo@x.io');
      await store.insertAccount(bo);
      await store.insertSession({ idHash: 'h1', accountId: bo.id, createdAt: T0, expiresAt: T0 + 1000 });
      await store.insertSession({ idHash: 'h2', accountId: bo.id, createdAt: T0, expiresAt: T0 + 1000 });
      assert.equal((await store.liveSession('h1', T0))?.account.email, 'bo@x.io');
      assert.equal((await store.liveSession('h1', T0))?.expiresAt, T0 + 1000);
      assert.equal(await store.liveSession('h1', T0 + 1000), undefined, 'expired');
      await store.extendSession('h1', T0 + 5000);
      assert.ok(await store.liveSession('h1', T0 + 4000));
      assert.equal(await store.endSession('h1', T0), true);
      assert.equal(await store.endSession('h1', T0), false);
      assert.equal(await store.liveSession('h1', T0), undefined, 'ended');
      await store.updateAccount(bo.id, { deactivated_at: T0 });
      assert.equal(await store.liveSession('h2', T0), undefined, 'deactivated account');
      await store.updateAccount(bo.id, { deactivated_at: null });
      await store.insertSession({ idHash: 'h3', accountId: bo.id, createdAt: T0, expiresAt: T0 + 1000 });
      assert.equal(await store.endSessions(bo.id, T0), 2);
      assert.equal(await store.liveSession('h3', T0), undefined);
      await store.purgeSessions(T0 + 1);
      assert.equal(await store.endSession('h3', T0), false);
    });

    it('counts login failures per key within a window', async () => {
      await store.recordLoginFailure(['email:a', 'address:1'], T0);
      await store.recordLoginFailure(['email:a', 'address:1'], T0 + 10);
      await store.recordLoginFailure(['email:b'], T0 + 20);
      const found = await store.loginFailures(['email:a', 'address:1', 'email:z'], T0);
      assert.deepEqual(found.get('email:a'), [T0 + 10]);
      assert.deepEqual(found.get('address:1'), [T0 + 10]);
      assert.deepEqual(found.get('email:z'), []);
      await store.clearLoginFailures('email:a');
      assert.deepEqual((await store.loginFailures(['email:a'], 0)).get('email:a'), []);
      await store.purgeLoginFailures(T0 + 20);
      assert.deepEqual((await store.loginFailures(['email:b', 'address:1'], 0)).get('email:b'), []);
    });

    it('records agent reports and samples', async () => {
      const cy = account('cy@x.io');
      await store.insertAccount(cy);
      await store.recordReport(cy.id, T0);
      await store.recordReport(cy.id, T0 + 50);
      assert.deepEqual([...(await store.lastReports([cy.id, 'nobody']))], [[cy.id, T0 + 50]]);
      await store.insertSamples(Array.from({ length: 1200 }, (_, i) => ({ account_id: cy.id, started_at: T0 + i, ended_at: T0 + i + 1, idle: i % 2, received_at: T0 })));
    });

    it('inserts a day once, then updates it under its lock', async () => {
      const di = account('di@x.io');
      await store.insertAccount(di);
      const row = { account_id: di.id, date: '2025-03-10', kind: 'work', started_at: T0, ended_at: null, pauses: '[]', worked_seconds: null, first_finished_at: null, updated_at: T0 };
      assert.equal(await store.dayForUpdate(di.id, '2025-03-10'), undefined);
      assert.equal(await store.insertDay(row), true);
      assert.equal(await store.insertDay({ ...row, kind: 'sick' }), false);
      await store.transaction(async (ops) => {
        const found = await ops.dayForUpdate(di.id, '2025-03-10');
        assert.equal(found?.kind, 'work');
        await ops.updateDay({ ...row, ended_at: T0 + 10, worked_seconds: 0, first_finished_at: T0 + 10 });
      });
      assert.equal((await store.dayForUpdate(di.id, '2025-03-10'))?.first_finished_at, T0 + 10);
    });

    it('keeps one open alert per rule and person; transitions happen once', async () => {
      const ed = account('ed@x.io', { display_name: 'Ed', department: 'Ops' });
      await store.insertAccount(ed);
      const alert = { id: randomUUID(), rule: 'no_agent_data', account_id: ed.id, state: 'raised', observed_seconds: 4000, against_seconds: 3600, subject_date: null, fired_at: T0, acknowledged_at: null, acknowledged_by: null, resolved_at: null };
      assert.equal(await store.insertAlert(alert), true);
      assert.equal(await store.insertAlert({ ...alert, id: randomUUID() }), false, 'a second open alert');
      const open = await store.openAlerts('no_agent_data');
      assert.deepEqual(open.map((a) => [a.id, a.person_name, a.person_department]), [[alert.id, 'Ed', 'Ops']]);
      assert.equal(await store.acknowledgeAlert(alert.id, T0 + 1, 'Max'), true);
      assert.equal(await store.acknowledgeAlert(alert.id, T0 + 2, 'Max'), false);
      assert.equal((await store.alertById(alert.id))?.acknowledged_by, 'Max');
      const [one, two] = await Promise.all([store.resolveAlert(alert.id, T0 + 3), store.resolveAlert(alert.id, T0 + 3)]);
      assert.equal(Number(one) + Number(two), 1, 'exactly one resolver wins');
      assert.equal(await store.acknowledgeAlert(alert.id, T0 + 4, 'Max'), false);
      assert.deepEqual(await store.openAlerts('no_agent_data'), []);
      assert.equal(await store.insertAlert({ ...alert, id: randomUUID() }), true, 'a new alert once the old one resolved');
      assert.equal(await store.alertById("' OR 1=1 --"), undefined);
    });

    it('claims due deliveries with a lease, never twice at once, and fences late results', async () => {
      const eventId = randomUUID();
      await store.insertEvent({ id: eventId, name: 'test', occurred_at: T0, person_name: null, body: '{"id":"x"}' });
      const rows = Array.from({ length: 40 }, (_, i) => delivery(eventId, `d${i}`, { next_attempt_at: T0 + (i < 30 ? 0 : 60_000) }));
      await store.insertDeliveries(rows);
      await assert.rejects(store.insertDeliveries([delivery(eventId, 'd0')]), 'one delivery per event and destination');
      const names = rows.map((r) => r.destination);
      assert.equal(await store.nextDueAt(names), T0);

      // Concurrent claimers share the due deliveries without overlap.
      const claims = await Promise.all(Array.from({ length: 6 }, (_, i) => store.claimDeliveries(names, T0, T0 + 1000, `c${i}`, 8)));
      const ids = claims.flat().map((c) => c.id);
      assert.equal(ids.length, 30);
      assert.equal(new Set(ids).size, 30);
      assert.deepEqual(claims.flat()[0]?.body, '{"id":"x"}');
      assert.equal(claims.flat()[0]?.event, 'test');
      assert.deepEqual(await store.claimDeliveries(names, T0 + 999, T0 + 2000, 'late', 100), [], 'leases still run');
      assert.deepEqual(await store.claimDeliveries(['elsewhere'], T0, T0 + 1, 'x', 100), [], 'only the named destinations');
      assert.equal(await store.nextDueAt(names), T0 + 1000, 'the next look is when the leases expire');

      // A finished attempt frees its lease; a lost claim records nothing.
      const first = claims.flat()[0]!;
      assert.equal(await store.finishAttempt(first.id, first.claim, afterAttempt(0, { kind: 'answer', status: 204 }, [1], T0 + 5)), true);
      assert.equal(await store.finishAttempt(first.id, first.claim, afterAttempt(0, { kind: 'answer', status: 500 }, [1], T0 + 6)), false, 'already finished');

      // After the lease expires, another process takes the rest; the old claim is fenced off.
      const retaken = await store.claimDeliveries(names, T0 + 1000, T0 + 3000, 'second', 100);
      assert.equal(retaken.length, 29);
      const stale = claims.flat()[1]!;
      assert.equal(await store.finishAttempt(stale.id, stale.claim, afterAttempt(0, { kind: 'answer', status: 204 }, [1], T0 + 1001)), false);
      const fresh = retaken.find((r) => r.id === stale.id)!;
      assert.equal(await store.finishAttempt(fresh.id, 'second', afterAttempt(0, { kind: 'answer', status: 503, retryAfterSeconds: 7 }, [1], T0 + 1001)), true);
      const abandoned = retaken.find((r) => r.id !== stale.id)!;
      assert.equal(await store.finishAttempt(abandoned.id, 'second', afterAttempt(0, { kind: 'answer', status: 404 }, [1], T0 + 1002)), true);

      const stats = await store.destinationStats([first.destination, fresh.destination, abandoned.destination, 'none']);
      assert.deepEqual(stats.get(first.destination), { pending: 0, delivered: 1, abandoned: 0, lastDeliveredAt: T0 + 5, lastError: null, lastErrorAt: null });
      assert.deepEqual(stats.get(fresh.destination), { pending: 1, delivered: 0, abandoned: 0, lastDeliveredAt: null, lastError: 'the receiver answered with status 503', lastErrorAt: T0 + 1001 });
      assert.equal(stats.get(abandoned.destination)?.abandoned, 1);
      assert.deepEqual(stats.get('none'), { pending: 0, delivered: 0, abandoned: 0, lastDeliveredAt: null, lastError: null, lastErrorAt: null });
      const retried = (await store.recentDeliveries(50)).find((r) => r.id === fresh.id)!;
      assert.equal(retried.next_attempt_at, T0 + 1001 + 7000);
      assert.equal(retried.attempts, 1);
      assert.equal(retried.last_status, 503);
      assert.equal(retried.event, 'test');
      assert.equal((await store.recentDeliveries(5)).length, 5);
    });

    it('rolls a failed transaction back entirely', async () => {
      const eventId = randomUUID();
      await assert.rejects(
        store.transaction(async (ops) => {
          await ops.insertEvent({ id: eventId, name: 'test', occurred_at: T0, person_name: null, body: '{}' });
          await ops.insertDeliveries([delivery(eventId, 'r1'), delivery(eventId, 'r1')]);
        }),
      );
      assert.deepEqual(await store.claimDeliveries(['r1'], T0, T0 + 1, 'c', 10), []);
    });

    it('keeps the audit log newest first', async () => {
      for (let i = 0; i < 105; i++) await store.audit({ at: T0 + i, actor: 'a@x.io', action: 'auth.login', subject: `s${i}` });
      const entries = await store.auditEntries(100);
      assert.equal(entries.length, 100);
      assert.deepEqual({ ...entries[0] }, { at: T0 + 104, actor: 'a@x.io', action: 'auth.login', subject: 's104' });
      assert.equal(entries[99]?.subject, 's5');
    });
  });
}
