/**
 * The organiser console's events: an event made in the console is the viewer app's, gates included; the list is
 * searched, sorted and paged on the server and stays on its indexes at 10,000 events; a save naming an older version
 * is refused in the request's language; fields the server refuses are named for the form. Who may call what, across
 * organisations and roles, is server/security/organisations.test.ts.
 */
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, setMember } from '../organisations/members.ts';
import { ORGANISER_ACTIONS } from '../organisations/roles.ts';
import { call, newViewer, testServer, type App } from '../security/test-helpers.ts';

let app: App;
let owner: string;
let dataViewer: string;
let organisation: number;

const FIELDS = {
  title: '春季发布会',
  start_time: 1_900_000_000,
  description: '<b>不是</b> HTML',
  color_code: 'darkblue',
  password: '2468',
  price_cents: 990,
  needs_phone: false,
} as const;

beforeAll(async () => {
  app = await testServer();
  const made = await newViewer(app, 'console-owner');
  owner = made.token;
  organisation = await createOrganisation(app.sql, {
    name: '控制台测试',
    ownerId: made.userId,
    now: app.now(),
  });
  const viewer = await newViewer(app, 'console-data');
  await setMember(app.sql, organisation, viewer.userId, 'data_viewer', app.now());
  dataViewer = viewer.token;
}, 60_000);
afterAll(() => app.close());

const get = (url: string, token = owner) => call(app, { method: 'GET', url, token }).then((r) => r.json());
const post = (url: string, payload: object, token = owner, locale = 'zh-CN') =>
  call(app, { method: 'POST', url: `${url}?locale=${locale}`, payload, token }).then((r) => r.json());

async function create(fields: object = FIELDS) {
  const answer = await post('/v3/api/console/event/create', { organisation_id: organisation, event: fields });
  expect(answer.xcode).toBe(200);
  return answer.data;
}

describe('the console', { timeout: 120_000 }, () => {
  it("answers the caller's organisations and roles", async () => {
    const me = await get('/v3/api/console/me');
    expect(me.data.organisations).toEqual([
      {
        id: organisation,
        name: '控制台测试',
        role: 'owner',
        may_read: true,
        may_edit: true,
        actions: [...ORGANISER_ACTIONS],
        channels: [],
      },
    ]);
    expect((await get('/v3/api/console/me', dataViewer)).data.organisations).toEqual([
      {
        id: organisation,
        name: '控制台测试',
        role: 'data_viewer',
        may_read: true,
        may_edit: false,
        actions: ['download', 'event_read'],
        channels: [],
      },
    ]);
    expect((await get('/v3/api/console/me', '')).xcode).toBe(401);
  });

  it("creates an event the viewer app shows with the console's gates", async () => {
    const event = await create();
    expect(event).toMatchObject({ ...FIELDS, version: 1, archived: false, live_status: 0 });
    expect(event.token).toMatch(/^[a-z0-9]{12}$/);
    const detail = async (token?: string) =>
      (await call(app, { method: 'GET', url: `/v3/api/video/detail?token=${event.token}`, token })).json()
        .data;
    const viewer = await newViewer(app, 'console-viewer');
    expect(await detail(viewer.token)).toMatchObject({
      title: '春季发布会',
      color_code: 'darkblue',
      start_time: 1_900_000_000,
      description: '<b>不是</b> HTML',
      needs_password: true,
      price: 990,
      needs_phone: false,
      can_watch: false,
    });
    const unlocked = await call(app, {
      method: 'POST',
      url: '/v3/api/video/password_show',
      payload: { token: event.token, password: '2468' },
      token: viewer.token,
    });
    expect(unlocked.json().xcode).toBe(200);
    // Past the password, the price still stands between the viewer and the stream.
    expect(await detail(viewer.token)).toMatchObject({ needs_password: false, price: 990, can_watch: false });
    // The organisation's owner previews it.
    expect((await detail(owner)).can_watch).toBe(true);
  });

  it("sets the information form's gate, which the viewer app then asks for", async () => {
    const event = await create();
    const form = await post('/v3/api/console/event/update', {
      id: event.id,
      version: 1,
      event: { ...FIELDS, password: '', price_cents: 0, needs_info_form: true },
    });
    expect(form.data).toMatchObject({ version: 2, needs_info_form: true });
    const viewer = await newViewer(app, 'console-form-viewer');
    const detail = await call(app, {
      method: 'GET',
      url: `/v3/api/video/detail?token=${event.token}`,
      token: viewer.token,
    });
    expect(detail.json().data).toMatchObject({ needs_info_form: true, can_watch: false });
  });

  it('saves with the version it was edited at, and refuses an older one in the request language', async () => {
    const event = await create();
    const saved = await post('/v3/api/console/event/update', {
      id: event.id,
      version: 1,
      event: { ...FIELDS, title: '改过的标题', needs_phone: true },
    });
    expect(saved.data).toMatchObject({
      version: 2,
      title: '改过的标题',
      needs_phone: true,
      needs_info_form: false,
    });
    for (const [locale, msg] of [
      ['zh-CN', '其他人已修改了这个活动，请查看最新内容后再保存'],
      ['en', 'Someone else changed this event: check the latest version, then save again'],
    ]) {
      const stale = await post(
        '/v3/api/console/event/update',
        { id: event.id, version: 1, event: { ...FIELDS, title: '旧版本的修改' } },
        owner,
        locale,
      );
      expect(stale).toMatchObject({
        xcode: 409,
        msg,
        data: { current: { version: 2, title: '改过的标题' } },
      });
    }
    expect((await get(`/v3/api/console/event?id=${event.id}`)).data.title).toBe('改过的标题');
  });

  it('names the refused field for the form, in the request language', async () => {
    const bad = { ...FIELDS, cover: 'https://elsewhere.example/x.jpg' };
    const zh = await post('/v3/api/console/event/create', { organisation_id: organisation, event: bad });
    expect(zh).toMatchObject({ xcode: 400, data: { fields: { cover: '封面必须是上传的图片地址' } } });
    const en = await post(
      '/v3/api/console/event/create',
      { organisation_id: organisation, event: bad },
      owner,
      'en',
    );
    expect(en.data.fields.cover).toBe('The cover must be the address of an uploaded image');
    const uploaded = await create({ ...FIELDS, cover: 'http://localhost:8080/uploads/covers/a.jpg' });
    expect(uploaded.cover).toBe('http://localhost:8080/uploads/covers/a.jpg');
    // The contract's own checks: a title of spaces, a negative price.
    const blank = await post('/v3/api/console/event/create', {
      organisation_id: organisation,
      event: { ...FIELDS, title: '   ' },
    });
    expect(blank.xcode).toBe(400);
    const negative = await post(
      '/v3/api/console/event/create',
      { organisation_id: organisation, event: { ...FIELDS, price_cents: -1 } },
      owner,
      'en',
    );
    expect(negative).toMatchObject({ xcode: 400, msg: expect.stringContaining('price') });
  });

  it("keeps the room's image text as written, which the room's call answers; the list leaves it out", async () => {
    const html = '<p>议程</p><img src="x" onerror="alert(1)">';
    const event = await create({ ...FIELDS, title: '图文活动', image_text: html });
    expect(event.image_text).toBe(html);
    const room = async () =>
      (
        await call(app, { method: 'GET', url: `/v3/api/video/get_video_image_text?token=${event.token}` })
      ).json().data.html;
    expect(await room()).toBe(html);
    expect((await get(`/v3/api/console/event?id=${event.id}`)).data.image_text).toBe(html);
    const listed = (await get(`/v3/api/console/events?organisation_id=${organisation}&keyword=图文活动`)).data
      .list;
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('image_text');
    // A copy takes it along; a save without the field keeps it; an empty one removes it.
    expect((await post('/v3/api/console/event/copy', { id: event.id })).data.image_text).toBe(html);
    const kept = await post('/v3/api/console/event/update', { id: event.id, version: 1, event: FIELDS });
    expect(kept.data.image_text).toBe(html);
    const cleared = await post('/v3/api/console/event/update', {
      id: event.id,
      version: 2,
      event: { ...FIELDS, image_text: '' },
    });
    expect(cleared.data.image_text).toBe('');
    expect(await room()).toBe('');
  });

  it("lists an event in a category of the organisation's channels, and refuses another organisation's", async () => {
    const channel = async (organisationId: number, token: string) => {
      const { id } = await app.sql
        .insertInto('channels')
        .values({ token, owner_id: 1, organisation_id: organisationId, title: `频道 ${token}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      const category = await app.sql
        .insertInto('channel_categories')
        .values({ channel_id: id, name: '发布会', position: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { channel: Number(id), category: Number(category.id) };
    };
    const ours = await channel(organisation, 'console-channel');
    const elsewhere = await createOrganisation(app.sql, { name: '别家', ownerId: 1, now: app.now() });
    const theirs = await channel(elsewhere, 'console-channel-other');
    // The console learns where it may list events with the caller's organisations.
    const me = (await get('/v3/api/console/me')).data.organisations;
    expect(me.find((each: { id: number }) => each.id === organisation).channels).toEqual([
      {
        id: ours.channel,
        title: '频道 console-channel',
        categories: [{ id: ours.category, name: '发布会', name_en: '' }],
      },
    ]);
    const event = await create({ ...FIELDS, title: '频道里的活动', channel_category_id: ours.category });
    expect(event.channel_category_id).toBe(ours.category);
    const listed = () =>
      get(`/v2/api/home/category/video?channel_token=console-channel&category_id=${ours.category}`, '').then(
        (answer) => answer.data.list.map((video: { token: string }) => video.token),
      );
    expect(await listed()).toEqual([event.token]);
    const refused = await post('/v3/api/console/event/update', {
      id: event.id,
      version: 1,
      event: { ...FIELDS, channel_category_id: theirs.category },
    });
    expect(refused).toMatchObject({
      xcode: 400,
      data: { fields: { channel_category_id: '请选择本主办方频道的分类' } },
    });
    const unlisted = await post('/v3/api/console/event/update', {
      id: event.id,
      version: 1,
      event: { ...FIELDS, channel_category_id: 0 },
    });
    expect(unlisted.data).toMatchObject({ version: 2, channel_category_id: 0 });
    expect(await listed()).toEqual([]);
  });

  it('copies and archives', async () => {
    const event = await create({ ...FIELDS, title: '复制源' });
    const copy = await post('/v3/api/console/event/copy', { id: event.id });
    expect(copy.data).toMatchObject({
      title: '复制源（副本）',
      password: '2468',
      price_cents: 990,
      version: 1,
    });
    expect(copy.data.token).not.toBe(event.token);
    const archived = await post('/v3/api/console/event/archive', { id: event.id, archived: true });
    expect(archived.data).toMatchObject({ archived: true, version: 2 });
    const list = (archivedToo: boolean) =>
      get(`/v3/api/console/events?organisation_id=${organisation}&keyword=复制源&archived=${archivedToo}`);
    expect((await list(false)).data.list.map((row: { id: number }) => row.id)).toEqual([copy.data.id]);
    expect((await list(true)).data.list.map((row: { id: number }) => row.id)).toEqual([event.id]);
  });

  it('searches, sorts and pages on the server, on its indexes at 10,000 events', async () => {
    const bulk = await createOrganisation(app.sql, {
      name: '万场活动',
      ownerId: (await newViewer(app, 'bulk')).userId,
      now: app.now(),
    });
    const staff = await newViewer(app, 'bulk-staff');
    const { token } = staff;
    await setMember(app.sql, bulk, staff.userId, 'operator', app.now());
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      token: `bulk-${i}`,
      owner_id: staff.userId,
      organisation_id: bulk,
      title: `Event ${String(i).padStart(5, '0')}${i % 100 === 7 ? ' Gala' : ''}`,
      start_time: 1_800_000_000 + ((i * 7919) % 10_000) * 60,
    }));
    for (let at = 0; at < rows.length; at += 500)
      await app.sql
        .insertInto('events')
        .values(rows.slice(at, at + 500))
        .execute();
    const page = (query: string) => get(`/v3/api/console/events?organisation_id=${bulk}&${query}`, token);

    const first = await page('sort=title&order=asc&page=2&page_size=10');
    expect(first.data.total).toBe(10_000);
    expect(first.data.list.map((row: { title: string }) => row.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => rows[10 + i].title),
    );
    const gala = await page('keyword=gala&sort=start_time&order=desc&page_size=100');
    expect(gala.data.total).toBe(100);
    const starts = gala.data.list.map((row: { start_time: number }) => row.start_time);
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    // The title index follows a rename made since the last search, in any letter case; archived events leave the list.
    const renamed: number = gala.data.list[0].id;
    await app.sql.updateTable('events').set({ title: 'Spring Soirée' }).where('id', '=', renamed).execute();
    const soiree = await page('keyword=SOIR');
    expect(soiree.data.list.map((row: { id: number }) => row.id)).toEqual([renamed]);
    expect((await page('keyword=gala')).data.total).toBe(99);
    await app.sql.updateTable('events').set({ archived: 1 }).where('id', '=', renamed).execute();
    expect((await page('keyword=soir')).data.total).toBe(0);
    expect((await page('keyword=soir&archived=true')).data.total).toBe(1);
    await app.sql.updateTable('events').set({ archived: 0 }).where('id', '=', renamed).execute();

    // Each sort reads its index (SQLite's plan); the keyword filters within the organisation's rows.
    if (app.engine === 'sqlite') {
      for (const [sort, index] of [
        ['start_time', 'events_console_start'],
        ['title', 'events_console_title'],
        ['id', 'events_console_id'],
      ]) {
        const query = app.sql
          .selectFrom('events')
          .selectAll()
          .where('organisation_id', '=', bulk)
          .where('archived', '=', 0)
          .orderBy(sort as 'id', 'desc')
          .orderBy('id', 'desc')
          .limit(20)
          .offset(9_980)
          .compile();
        const plan = await app.sql.executeQuery(
          CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
        );
        const text = JSON.stringify(plan.rows);
        expect(text, sort).toContain(index);
        expect(text, sort).not.toContain('TEMP B-TREE');
      }
    }
    // A late page answers the rows of its place (its speed is the plans above, and the bench's to measure).
    const late = await page('sort=start_time&order=desc&page=500&page_size=20');
    expect(late.data.list).toHaveLength(20);
  });
});
