/**
 * What a viewer may do as an organiser for an event (organiserMyActions): the actions of the viewer's role in the
 * organisation owning the event, nothing for staff of another organisation or an anonymous viewer, and the event
 * calls' 404 for a token that names no event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../accounts/sessions.ts';
import { ORGANISATION_SEED } from '../seed/organisations.ts';
import { call, newViewer, testServer, type App } from '../security/test-helpers.ts';
import { createOrganisation, setMember } from './members.ts';
import { ORGANISER_ACTIONS } from './roles.ts';

let app: App;
/** Session tokens: the demo organisation's owner (user 1), operator, data viewer and check-in staff, and the owner
 * and check-in staff of another organisation. */
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await testServer();
  const session = (userId: number) => startSession(app.sql, userId, app.now());
  tokens.owner = await session(1);
  tokens.operator = await session(ORGANISATION_SEED.operator);
  tokens.checkInStaff = await session(ORGANISATION_SEED.checkInStaff);
  const dataViewer = await newViewer(app, 'data-viewer');
  await setMember(app.sql, ORGANISATION_SEED.demo, dataViewer.userId, 'data_viewer', app.now());
  tokens.dataViewer = dataViewer.token;
  const otherOwner = await newViewer(app, 'other-owner');
  const other = await createOrganisation(app.sql, {
    name: '别家主办方',
    ownerId: otherOwner.userId,
    now: app.now(),
  });
  const otherStaff = await newViewer(app, 'other-staff');
  await setMember(app.sql, other, otherStaff.userId, 'check_in_staff', app.now());
  tokens.otherOwner = otherOwner.token;
  tokens.otherStaff = otherStaff.token;
  tokens.viewer = (await newViewer(app, 'viewer')).token;
}, 60_000);
afterAll(() => app.close());

async function actionsOf(token: string | undefined, eventToken = 'demo', locale = 'zh-CN') {
  const response = await call(app, {
    method: 'GET',
    url: `/v3/api/organisations/my_actions?token=${eventToken}&locale=${locale}`,
    token,
  });
  return response.json();
}

describe("the viewer's organiser actions for an event", () => {
  it.each([
    ['owner', [...ORGANISER_ACTIONS]],
    [
      'operator',
      [
        'shop',
        'sign_up_review',
        'chat_moderation',
        'check_in',
        'download',
        'subtitles',
        'event_read',
        'event_edit',
      ],
    ],
    ['dataViewer', ['download', 'event_read']],
    ['checkInStaff', ['check_in']],
    ['otherOwner', []],
    ['otherStaff', []],
    ['viewer', []],
  ])('answers the %s of the demo event its role’s actions', async (who, actions) => {
    expect(await actionsOf(tokens[who])).toEqual({ xcode: 200, msg: expect.any(String), data: { actions } });
  });

  it('answers an anonymous viewer no action', async () => {
    expect((await actionsOf(undefined)).data).toEqual({ actions: [] });
  });

  it("answers the demo organisation's owner nothing for another organisation's event, or one of none", async () => {
    await app.sql
      .insertInto('events')
      .values({ token: 'other-actions', owner_id: 1, organisation_id: null, title: '无主活动' })
      .execute();
    expect((await actionsOf(tokens.owner, 'chat-demo')).data).toEqual({ actions: [] });
    // An event no organisation owns grants nobody anything, whoever created it.
    expect((await actionsOf(tokens.owner, 'other-actions')).data).toEqual({ actions: [] });
  });

  it('answers an unknown token the event calls’ 404, in the request’s language', async () => {
    for (const token of [tokens.owner, undefined]) {
      expect(await actionsOf(token, 'no-such-event', 'en')).toEqual({
        xcode: 404,
        msg: 'No such event',
        data: null,
      });
    }
    expect((await actionsOf(undefined, 'no-such-event')).msg).toBe('活动不存在');
  });
});
