/**
 * The four QR calls: mini-program codes from wxa/getwxacodeunlimit (through the emulator) when a mini program is
 * configured, cached per page and scene; H5-link QR codes when none is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { emulatorControl } from './emulator';

let mini: Awaited<ReturnType<typeof buildServer>>;
let plain: Awaited<ReturnType<typeof buildServer>>;

beforeAll(async () => {
  plain = await buildServer({ databasePath: ':memory:', mode: 'test' });
  process.env.WECHAT_MINI_APP_ID = 'wxmini0emulator';
  process.env.WECHAT_MINI_APP_SECRET = 'mini-secret';
  try {
    mini = await buildServer({ databasePath: ':memory:', mode: 'test' });
  } finally {
    delete process.env.WECHAT_MINI_APP_ID;
    delete process.env.WECHAT_MINI_APP_SECRET;
  }
}, 60_000);
afterAll(async () => {
  await mini.close();
  await plain.close();
});

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

describe('with a mini program', () => {
  it('answers mini-program codes with page and scene, cached per scene', { timeout: 30_000 }, async () => {
    const client = mini.services.wechat.client;
    client.fetches.token = 0;
    const vote = await mini.inject({ url: '/v2/api/mini/qrcode/vote?vote_id=2&player_id=7&inviteId=9' });
    expect(vote.statusCode).toBe(200);
    expect(vote.headers['content-type']).toBe('image/png');
    expect(vote.rawPayload.subarray(0, 4)).toEqual(PNG);
    expect(vote.headers['x-mini-program-page']).toBe('pages/jinrizhixing/index');
    expect(vote.headers['x-mini-program-scene']).toBe('v=2&p=7&i=9');
    const video = await mini.inject({ url: '/v2/api/mini/qrcode/video?token=demo' });
    expect(video.headers['x-mini-program-scene']).toBe('t=demo');
    const channel = await mini.inject({ url: '/v2/api/mini/qrcode/channel?channel_token=news' });
    expect(channel.headers['x-mini-program-page']).toBe('pages/channel/index');
    const param = await mini.inject({ url: '/v2/api/mini/qrcode_param?path=/pages/user/index&scene=a1' });
    expect(param.headers['x-mini-program-page']).toBe('pages/user/index');
    expect(client.fetches.token).toBe(1);
    // Cached: the same scene again costs no WeChat call, even with every token expired.
    await emulatorControl(mini, { expireTokens: true });
    const again = await mini.inject({ url: '/v2/api/mini/qrcode/vote?vote_id=2&player_id=7&inviteId=9' });
    expect(again.rawPayload).toEqual(vote.rawPayload);
    expect(client.fetches.token).toBe(1);
    // A new scene after the expiry: one refresh, then the code.
    const fresh = await mini.inject({ url: '/v2/api/mini/qrcode/video?token=paid' });
    expect(fresh.statusCode).toBe(200);
    expect(client.fetches.token).toBe(2);
  });

  it('refuses scenes over 32 characters with a clear message', async () => {
    const answer = await mini.inject({ url: `/v2/api/mini/qrcode/video?token=${'x'.repeat(40)}&locale=en` });
    expect(answer.json()).toMatchObject({ xcode: 400, msg: expect.stringContaining('32 characters') });
  });
});

describe('without a mini program', () => {
  it('answers H5-link QR codes', async () => {
    const answer = await plain.inject({ url: '/v2/api/mini/qrcode/video?token=demo' });
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.headers['x-qr-link']).toBe('http://localhost:8080/livev3/#/pages/home/index?token=demo');
    expect(answer.headers['x-mini-program-page']).toBeUndefined();
  });
});
