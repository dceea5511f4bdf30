import type { Migrations } from '@quartet/common';
import { sql, type Kysely } from 'kysely';

/** What differs between the engines in the schema: the auto-numbered id column. */
export interface SchemaTypes {
  readonly serial: 'integer' | 'bigserial';
  readonly autoIncrement: boolean;
}

/** The activity schema, written once for both engines. */
export function activityMigrations(types: SchemaTypes): Migrations {
  return {
    '001_activity': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('accounts')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .addColumn('display_name', 'text', (c) => c.notNull())
          .addColumn('role', 'text', (c) => c.notNull())
          .addColumn('department', 'text')
          .addColumn('password_hash', 'text')
          .addColumn('deactivated_at', 'bigint')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('accounts_department').on('accounts').column('department').execute();

        await db.schema
          .createTable('sessions')
          .addColumn('id_hash', 'text', (c) => c.primaryKey())
          .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('ended_at', 'bigint')
          .execute();
        await db.schema.createIndex('sessions_account').on('sessions').column('account_id').execute();
        await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();

        await db.schema.createTable('login_failures').addColumn('key', 'text', (c) => c.notNull()).addColumn('at', 'bigint', (c) => c.notNull()).execute();
        await db.schema.createIndex('login_failures_key_at').on('login_failures').columns(['key', 'at']).execute();
        await db.schema.createIndex('login_failures_at').on('login_failures').column('at').execute();

        await db.schema
          .createTable('agent_reports')
          .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id'))
          .addColumn('first_report_at', 'bigint', (c) => c.notNull())
          .addColumn('last_report_at', 'bigint', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('activity_samples')
          .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
          .addColumn('started_at', 'bigint', (c) => c.notNull())
          .addColumn('ended_at', 'bigint', (c) => c.notNull())
          .addColumn('idle', 'integer', (c) => c.notNull())
          .addColumn('received_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('activity_samples_account').on('activity_samples').columns(['account_id', 'started_at']).execute();

        await db.schema
          .createTable('days')
          .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
          .addColumn('date', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('started_at', 'bigint', (c) => c.notNull())
          .addColumn('ended_at', 'bigint')
          .addColumn('pauses', 'text', (c) => c.notNull())
          .addColumn('worked_seconds', 'bigint')
          .addColumn('first_finished_at', 'bigint')
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('days_pk', ['account_id', 'date'])
          .execute();

        await db.schema
          .createTable('alerts')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('rule', 'text', (c) => c.notNull())
          .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('observed_seconds', 'bigint', (c) => c.notNull())
          .addColumn('against_seconds', 'bigint', (c) => c.notNull())
          .addColumn('subject_date', 'text')
          .addColumn('fired_at', 'bigint', (c) => c.notNull())
          .addColumn('acknowledged_at', 'bigint')
          .addColumn('acknowledged_by', 'text')
          .addColumn('resolved_at', 'bigint')
          .execute();
        // One open alert per rule and person, whichever process sweeps.
        await db.schema
          .createIndex('alerts_one_open')
          .on('alerts')
          .columns(['rule', 'account_id'])
          .unique()
          .where(sql.ref('state'), '<>', 'resolved')
          .execute();

        await db.schema
          .createTable('events')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('occurred_at', 'bigint', (c) => c.notNull())
          .addColumn('person_name', 'text')
          .addColumn('body', 'text', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('deliveries')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
          .addColumn('destination', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
          .addColumn('delivered_at', 'bigint')
          .addColumn('abandoned_at', 'bigint')
          .addColumn('last_status', 'integer')
          .addColumn('last_error', 'text')
          .addColumn('last_error_at', 'bigint')
          .addColumn('lease_until', 'bigint')
          .addColumn('claim', 'text')
          .addUniqueConstraint('deliveries_event_destination', ['event_id', 'destination'])
          .execute();
        await db.schema.createIndex('deliveries_due').on('deliveries').columns(['state', 'next_attempt_at']).execute();
        await db.schema.createIndex('deliveries_destination').on('deliveries').columns(['destination', 'state']).execute();
        await db.schema.createIndex('deliveries_created').on('deliveries').column('created_at').execute();

        await db.schema
          .createTable('audit')
          .addColumn('id', types.serial, (c) => (types.autoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey()))
          .addColumn('at', 'bigint', (c) => c.notNull())
          .addColumn('actor', 'text', (c) => c.notNull())
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('subject', 'text', (c) => c.notNull())
          .execute();
      },
    },
  };
}
