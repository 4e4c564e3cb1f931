/**
 * Item 11: video passwords could be brute-forced (20 tries a minute per address, no lock-out). Now wrong passwords
 * lock the viewer and the address out of the event after a few tries, for a back-off that doubles, and a burst of
 * concurrent tries cannot slip past the limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRONG_PASSWORD } from '../events/access-routes.ts';
import {
  PASSWORD_MAX_FAILURES,
  PASSWORD_MAX_FAILURES_PER_ADDRESS,
  passwordLockMs,
  PASSWORD_LOCK_BASE_MS,
  PASSWORD_LOCK_MAX_MS,
} from './passwords.ts';
import { call, newViewer, testServer, type App } from './test-helpers.ts';

let app: App;
let clock = 1_800_000_000_000;
beforeAll(async () => {
  app = await testServer({ now: () => clock });
}, 60_000);
afterAll(() => app.close());

// Each case tries from its own address: the contract's rate limit (20 a minute per address) runs on real time.
let nextAddress = 1;
const newAddress = () => `10.0.0.${nextAddress++}`;

const attempt = async (token: string, password: string, viewer: { token: string }, address: string) =>
  (
    await call(app, {
      method: 'POST',
      url: '/v3/api/video/password_show?locale=en',
      payload: { token, password },
      token: viewer.token,
      remoteAddress: address,
    })
  ).json();
const canWatch = async (token: string, viewer: { token: string }) =>
  (await call(app, { method: 'GET', url: `/v3/api/video/detail?token=${token}`, token: viewer.token })).json()
    .data.needs_password === false;
const failuresOf = async (subject: string) =>
  Number(
    (
      await app.sql
        .selectFrom('password_attempts')
        .select((eb) => eb.fn.sum<number | null>('failures').as('n'))
        .where('subject', '=', subject)
        .executeTakeFirst()
    )?.n ?? 0,
  );

const LOCKED = {
  xcode: 429,
  msg: expect.stringMatching(/^Too many wrong passwords, please try again in \d+ minutes?$/),
};

describe('the video password locks after repeated failures', () => {
  it('locks the viewer after the limit, refuses even the right password while locked, then lets it in', async () => {
    const viewer = await newViewer(app);
    const address = newAddress();
    for (let index = 1; index < PASSWORD_MAX_FAILURES; index++)
      expect(await attempt('secret', '0000', viewer, address)).toEqual({
        xcode: 400,
        msg: WRONG_PASSWORD.en,
        data: null,
      });
    // The failure that reaches the limit says so.
    expect(await attempt('secret', '0000', viewer, address)).toMatchObject({
      ...LOCKED,
      msg: 'Too many wrong passwords, please try again in 1 minute',
      data: null,
    });
    expect(await attempt('secret', '1234', viewer, address)).toMatchObject(LOCKED);
    expect(await canWatch('secret', viewer)).toBe(false);
    // In Chinese for a Chinese viewer.
    const zh = await call(app, {
      method: 'POST',
      url: '/v3/api/video/password_show',
      payload: { token: 'secret', password: '1234' },
      token: viewer.token,
      remoteAddress: address,
    });
    expect(zh.json().msg).toBe('密码错误次数过多，请 1 分钟后再试');

    clock += PASSWORD_LOCK_BASE_MS;
    expect(await attempt('secret', '1234', viewer, address)).toMatchObject({ xcode: 200 });
    expect(await canWatch('secret', viewer)).toBe(true);
    // The right password reset the viewer's count.
    expect(await failuresOf(`user:${viewer.userId}`)).toBe(0);
  });

  it('doubles the lock with every further failure, up to the cap', async () => {
    const viewer = await newViewer(app);
    const address = newAddress();
    for (let index = 0; index < PASSWORD_MAX_FAILURES; index++)
      await attempt('secret', '0000', viewer, address);
    clock += PASSWORD_LOCK_BASE_MS;
    expect(await attempt('secret', '0000', viewer, address)).toMatchObject({
      ...LOCKED,
      msg: 'Too many wrong passwords, please try again in 2 minutes',
    });
    clock += PASSWORD_LOCK_BASE_MS;
    expect(await attempt('secret', '1234', viewer, address)).toMatchObject(LOCKED);
    clock += PASSWORD_LOCK_BASE_MS;
    expect(await attempt('secret', '0000', viewer, address)).toMatchObject({
      msg: 'Too many wrong passwords, please try again in 4 minutes',
    });
    expect(passwordLockMs(PASSWORD_MAX_FAILURES + 20, PASSWORD_MAX_FAILURES)).toBe(PASSWORD_LOCK_MAX_MS);
    expect(passwordLockMs(PASSWORD_MAX_FAILURES - 1, PASSWORD_MAX_FAILURES)).toBe(0);
    clock += PASSWORD_LOCK_BASE_MS * 4;
  });

  it('locks per event: a lock on one event leaves the others alone', async () => {
    const viewer = await newViewer(app);
    const address = newAddress();
    for (let index = 0; index < PASSWORD_MAX_FAILURES; index++)
      await attempt('secret', '0000', viewer, address);
    expect(await attempt('secret', '1234', viewer, address)).toMatchObject(LOCKED);
    expect(await attempt('secret-e2e', '1234', viewer, address)).toMatchObject({ xcode: 200 });
  });

  it('locks an address that many viewers try from, also for a new viewer there', async () => {
    const address = newAddress();
    const viewers = await Promise.all(
      Array.from({ length: PASSWORD_MAX_FAILURES_PER_ADDRESS }, () => newViewer(app)),
    );
    // One wrong try each: no viewer reaches its own limit.
    for (const viewer of viewers.slice(0, -1))
      expect(await attempt('secret', '0000', viewer, address)).toMatchObject({ xcode: 400 });
    expect(await attempt('secret', '0000', viewers.at(-1)!, address)).toMatchObject(LOCKED);
    const newcomer = await newViewer(app);
    expect(await attempt('secret', '1234', newcomer, address)).toMatchObject(LOCKED);
    // The refused try was not counted against the newcomer, and another address is not affected.
    expect(await failuresOf(`user:${newcomer.userId}`)).toBe(0);
    expect(await attempt('secret', '1234', newcomer, newAddress())).toMatchObject({ xcode: 200 });
  });

  it('a right password gives the address back its try', async () => {
    const address = newAddress();
    for (let index = 0; index < PASSWORD_MAX_FAILURES_PER_ADDRESS + 3; index++)
      expect(await attempt('secret', '1234', await newViewer(app), address)).toMatchObject({ xcode: 200 });
    expect(await failuresOf(`ip:${address}`)).toBe(0);
  });

  it('counts a burst of concurrent tries exactly: no more than the limit are compared', async () => {
    const viewer = await newViewer(app);
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => attempt('secret-e2e', '0000', viewer, address)),
    );
    expect(answers.filter((answer) => answer.msg === WRONG_PASSWORD.en)).toHaveLength(
      PASSWORD_MAX_FAILURES - 1,
    );
    expect(answers.filter((answer) => answer.xcode === 429)).toHaveLength(15 - (PASSWORD_MAX_FAILURES - 1));
    expect(await failuresOf(`user:${viewer.userId}`)).toBe(PASSWORD_MAX_FAILURES);
    expect(await failuresOf(`ip:${address}`)).toBe(PASSWORD_MAX_FAILURES);
  });
});
