import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import { type Dialect, idColumn } from './util.js';

/**
 * What readers send the newsroom: contact messages, tips and ad inquiries. No table has a column
 * for an IP address or user agent, and a tip's name, e-mail and phone are nullable because an
 * anonymous tip stores none of them (docs/decisions/009-inbox-source-protection.md).
 */
export const inbox = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    const handling = <T extends string>(b: CreateTableBuilder<T, never>) =>
      b
        .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('new'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('handled_at', 'varchar(32)')
        .addColumn('handled_by', 'integer', (c) => c.references('users.id').onDelete('set null'));

    await handling(
      idColumn(db.schema.createTable('contact_messages'), dialect)
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull()),
    ).execute();

    await handling(
      idColumn(db.schema.createTable('tips'), dialect)
        .addColumn('anonymous', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('name', 'varchar(120)')
        .addColumn('email', 'varchar(254)')
        .addColumn('phone', 'varchar(40)')
        .addColumn('title', 'varchar(300)', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('evidence', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();

    await handling(
      idColumn(db.schema.createTable('ad_inquiries'), dialect)
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('company', 'varchar(200)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('phone', 'varchar(40)')
        .addColumn('ad_type', 'varchar(32)', (c) => c.notNull())
        .addColumn('message', 'text'),
    ).execute();

    for (const t of ['contact_messages', 'tips', 'ad_inquiries']) {
      await db.schema.createIndex(`${t}_status_idx`).on(t).columns(['status', 'created_at']).execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['ad_inquiries', 'tips', 'contact_messages']) await db.schema.dropTable(t).execute();
  },
});
