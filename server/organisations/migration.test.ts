/**
 * Migration 026 moves a database of flat permissions to organisations: one organisation per organiser, events,
 * channels and contests to theirs, flat-permission holders to the organisations their permissions were recorded
 * acting on (else the principal one, or none for an organiser). Run on SQLite, and on a fresh PostgreSQL database in
 * the PostgreSQL run (TEST_DATABASE_URL).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Migrator, type Kysely, type Migration } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { engineOf, sqliteIntegers } from '../db/engine.ts';
import { postgresPool, postgresSql } from '../db/open.ts';
import { sqliteSql } from '../db/sql.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the database before 026: rows of no typed schema
type AnyDb = Kysely<any>;

const dir = path.join(serverRoot, 'db/migrations');

/** Every migration, or those before `before` (a name prefix such as '026'). */
async function migrations(before?: string): Promise<Record<string, Migration>> {
  const names = fs
    .readdirSync(dir)
    .filter((name) => /^\d{3}_[^.]+\.ts$/.test(name) && (before === undefined || name < before))
    .sort();
  const all: Record<string, Migration> = {};
  for (const name of names)
    all[name.replace(/\.ts$/, '')] = (await import(pathToFileURL(path.join(dir, name)).href)) as Migration;
  return all;
}

async function migrate(db: AnyDb, before?: string): Promise<void> {
  const found = await migrations(before);
  const migrator = new Migrator({
    db: engineOf(db) === 'postgres' ? db.withPlugin(sqliteIntegers) : db,
    provider: { getMigrations: async () => found },
    allowUnorderedMigrations: true,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function sqliteDb(): Promise<AnyDb> {
  const db: AnyDb = sqliteSql(openDatabase(':memory:'));
  cleanups.push(() => db.destroy());
  return db;
}

/** A fresh, empty PostgreSQL database (dropped at the end). */
async function postgresDb(url: string): Promise<AnyDb> {
  const name = `t_org_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = postgresSql(postgresPool(target.toString(), 2));
  cleanups.push(async () => {
    await db.destroy();
    await admin(`DROP DATABASE IF EXISTS ${name}`);
  });
  return db;
}

const T = 1_700_000_000_000;

/** Two organisers, a channel-only organiser and staff of every kind, as they were before organisations. */
async function legacyData(db: AnyDb): Promise<void> {
  const user = (id: number, nickname: string, permissions: string, createdAt = T + id) => ({
    id,
    nickname,
    permissions,
    created_at: createdAt,
  });
  await db
    .insertInto('users')
    .values([
      user(1, '甲主办', '["owner","download"]'),
      // An account written in seconds by an older path.
      user(2, '乙主办', '["download"]', Math.floor((T + 2000) / 1000)),
      user(3, '丙频道', '[]'),
      user(10, '商城员', '["shop","download","vote_review"]'),
      user(11, '乙签到员', '["check_in"]'),
      user(12, '乙聊天管理', '["chat_admin"]'),
      user(13, '订单下载员', '["download_orders"]'),
      user(14, '签到下载员', '["check_in","download"]'),
      user(15, '观众', '[]'),
      user(16, '坏列表', 'not json'),
      user(17, '别的权限', '["something_else"]'),
    ])
    .execute();
  // B's event comes first (its organisation gets the first id); A owns the most events (the principal one).
  const event = (id: number, token: string, owner: number) => ({ id, token, owner_id: owner, title: token });
  await db
    .insertInto('events')
    .values([event(1, 'b1', 2), event(2, 'a1', 1), event(3, 'a2', 1), event(4, 'a3', 1)])
    .execute();
  await db
    .insertInto('channels')
    .values([
      { id: 1, token: 'ch-a', owner_id: 1, title: 'A' },
      { id: 2, token: 'ch-c', owner_id: 3, title: 'C' },
    ])
    .execute();
  await db
    .insertInto('contests')
    .values([
      { id: 1, event_id: 1, title: 'B contest', starts_at: 0, ends_at: 1 },
      { id: 2, event_id: null, title: 'contest without an event', starts_at: 0, ends_at: 1 },
    ])
    .execute();
  // 11 checked in an attendee of B's event (a trace) and itself at A's (no trace: its own check-in).
  await db
    .insertInto('engage_checkin_activities')
    .values([
      { id: 1, group_id: 1, event_token: 'b1', title: 'B door', starts_at: 0, ends_at: 1 },
      { id: 2, group_id: 1, event_token: 'a1', title: 'A door', starts_at: 0, ends_at: 1 },
    ])
    .execute();
  await db
    .insertInto('engage_checkin_attendees')
    .values({ id: 1, event_token: 'b1', name: '来宾', phone: '13800000000', user_id: null })
    .execute();
  await db
    .insertInto('engage_checkin_records')
    .values([
      { activity_id: 1, person: 'a1', user_id: null, attendee_id: 1, by_user_id: 11, created_at: 0 },
      { activity_id: 2, person: 'u11', user_id: 11, attendee_id: null, by_user_id: 11, created_at: 0 },
    ])
    .execute();
  // 12 muted a viewer in B's chat (a trace); B muted one in its own (the owner's act, no trace).
  await db
    .insertInto('chat_blacklist')
    .values([
      { event_id: 1, user_id: 15, by_user_id: 12, created_at: 0 },
      { event_id: 1, user_id: 16, by_user_id: 2, created_at: 0 },
    ])
    .execute();
}

async function moved(db: AnyDb) {
  const pairs = async (table: string) =>
    Object.fromEntries(
      (await db.selectFrom(table).select(['id', 'organisation_id']).orderBy('id').execute()).map((row) => [
        Number(row.id),
        row.organisation_id === null ? null : Number(row.organisation_id),
      ]),
    );
  return {
    organisations: (
      await db.selectFrom('organisations').select(['id', 'name', 'created_at']).orderBy('id').execute()
    ).map((row) => ({ id: Number(row.id), name: row.name, created_at: Number(row.created_at) })),
    members: (
      await db
        .selectFrom('organisation_members')
        .select(['organisation_id', 'user_id', 'role'])
        .orderBy('organisation_id')
        .orderBy('user_id')
        .execute()
    ).map((row) => [Number(row.organisation_id), Number(row.user_id), row.role]),
    events: await pairs('events'),
    channels: await pairs('channels'),
    contests: await pairs('contests'),
  };
}

const engines: [string, () => Promise<AnyDb>][] = [['SQLite', sqliteDb]];
const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl) engines.push(['PostgreSQL', () => postgresDb(postgresUrl)]);

describe.each(engines)('migration 026 on %s', (_engine, open) => {
  it('moves organisers, their events, channels and contests, and flat-permission staff to organisations', async () => {
    const db = await open();
    await migrate(db, '026');
    await legacyData(db);
    await migrate(db);
    expect(await moved(db)).toEqual({
      organisations: [
        { id: 1, name: '乙主办', created_at: T + 2000 },
        { id: 2, name: '甲主办', created_at: T + 1 },
        { id: 3, name: '丙频道', created_at: T + 3 },
      ],
      members: [
        [1, 2, 'owner'],
        [1, 11, 'check_in_staff'],
        [1, 12, 'operator'],
        [2, 1, 'owner'],
        [2, 10, 'operator'],
        [2, 13, 'data_viewer'],
        [2, 14, 'operator'],
        [3, 3, 'owner'],
      ],
      events: { 1: 1, 2: 2, 3: 2, 4: 2 },
      channels: { 1: 2, 2: 3 },
      contests: { 1: 1, 2: 2 },
    });
  });

  it('leaves a fresh database to the seed', async () => {
    const db = await open();
    await migrate(db);
    expect(await moved(db)).toEqual({
      organisations: [],
      members: [],
      events: {},
      channels: {},
      contests: {},
    });
  });
});
