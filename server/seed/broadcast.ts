/**
 * Broadcasts in the demo: `broadcast-e2e`, an upcoming event the browser test goes live on over RTMP, and
 * `broadcast-cloud-e2e`, one the browser test takes live through the cloud service's callbacks (nothing else uses
 * them), and a stream key for it and for the demo event (`npm start` prints how to go live on the demo). Keys are random
 * (secrets are never seeded as constants); the e2e test reads its event's key from the database.
 */
import { newStreamKey } from '../broadcast/keys.ts';
import type { Sql } from '../db/sql.ts';
import { SEED_EPOCH } from './epoch.ts';

export const BROADCAST_TEST_EVENT = 'broadcast-e2e';
export const CLOUD_BROADCAST_TEST_EVENT = 'broadcast-cloud-e2e';

export async function seedBroadcast(sql: Sql): Promise<void> {
  const upcoming = {
    owner_id: 1,
    cover: '/streams/vod/demo/cover.jpg',
    description: '',
    live_status: 0,
  } as const;
  const unstreamed = { start_time: SEED_EPOCH, views: 0, live_stream: '', replay_stream: '' };
  await sql
    .insertInto('events')
    .values([
      { ...upcoming, ...unstreamed, token: BROADCAST_TEST_EVENT, title: '直播推流测试' },
      { ...upcoming, ...unstreamed, token: CLOUD_BROADCAST_TEST_EVENT, title: '云直播测试' },
    ])
    .execute();
  const events = await sql
    .selectFrom('events')
    .select('id')
    .where('token', 'in', ['demo', BROADCAST_TEST_EVENT])
    .execute();
  await sql
    .insertInto('stream_keys')
    .values(
      events.map((event) => ({
        event_id: event.id,
        stream_key: newStreamKey(),
        created_at: SEED_EPOCH * 1000,
      })),
    )
    .execute();
}
