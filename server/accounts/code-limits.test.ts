/**
 * The code senders' limits hold under concurrency: requests arriving together (on one node or, with Redis, on several)
 * could all pass the checks that read the stored codes before one of them inserted; the shared state's atomic places
 * let exactly the allowed number through. Proven here on the e-mail codes (the SMS sender takes the same places). On
 * PostgreSQL (scripts/test-postgres.ts), where the requests' transactions really overlap, the checks alone sent 18
 * codes to one address and 20 from one address.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import { DEFAULT_CODE_LIMITS } from '../config.ts';

let app: Awaited<ReturnType<typeof buildServer>>;
beforeAll(async () => {
  // Small per-address and per-device ceilings (a venue's defaults are in the thousands), so a burst goes over them.
  app = await buildServer({
    databasePath: ':memory:',
    codeLimits: { ...DEFAULT_CODE_LIMITS, perIp: 10, perDevice: 10 },
  });
});
afterAll(() => app.close());

const send = (email: string, ip: string, device?: string) =>
  app.inject({
    method: 'POST',
    url: '/v3/api/email/code',
    payload: { email },
    remoteAddress: ip,
    headers: device ? { cookie: `livev3_device=${device}` } : {},
  });

it('20 concurrent requests for one address send one code', async () => {
  const answers = await Promise.all(Array.from({ length: 20 }, () => send('burst@example.com', '10.0.0.1')));
  const codes = answers.map((answer) => answer.json().xcode);
  expect(codes.filter((code) => code === 200)).toHaveLength(1);
  expect(codes.filter((code) => code === 429)).toHaveLength(19);
});

it('20 concurrent requests from one network address for different e-mail addresses send 10 codes (10 an hour)', async () => {
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => send(`many-${i}@example.com`, '10.0.0.2')),
  );
  const codes = answers.map((answer) => answer.json().xcode);
  expect(codes.filter((code) => code === 200)).toHaveLength(10);
  expect(codes.filter((code) => code === 429)).toHaveLength(10);
});

it('20 concurrent requests from one device, each from its own network address, send 10 codes (10 an hour)', async () => {
  const device = 'burst-device-012345678';
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => send(`device-${i}@example.com`, `10.0.1.${i + 1}`, device)),
  );
  const codes = answers.map((answer) => answer.json().xcode);
  expect(codes.filter((code) => code === 200)).toHaveLength(10);
  expect(codes.filter((code) => code === 429)).toHaveLength(10);
});
