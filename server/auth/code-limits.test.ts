/**
 * The code senders' limits hold under concurrency: requests arriving together (on one node or, with Redis, on several)
 * could all pass the checks that read the stored codes before one of them inserted; the shared state's atomic places
 * let exactly the allowed number through. Proven here on the e-mail codes (the SMS sender takes the same places). On
 * PostgreSQL (scripts/test-postgres.ts), where the requests' transactions really overlap, the checks alone sent 18
 * codes to one address and 20 from one address.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildServer } from '../app.ts';

let app: Awaited<ReturnType<typeof buildServer>>;
beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:' });
});
afterAll(() => app.close());

const send = (email: string, ip: string) =>
  app.inject({ method: 'POST', url: '/v3/api/email/code', payload: { email }, remoteAddress: ip });

it('20 concurrent requests for one address send one code', async () => {
  const answers = await Promise.all(Array.from({ length: 20 }, () => send('burst@example.com', '10.0.0.1')));
  const codes = answers.map((answer) => answer.json().xcode);
  expect(codes.filter((code) => code === 200)).toHaveLength(1);
  expect(codes.filter((code) => code === 429)).toHaveLength(19);
});

it('20 concurrent requests from one address for different addresses send 10 codes (10 an hour)', async () => {
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => send(`many-${i}@example.com`, '10.0.0.2')),
  );
  const codes = answers.map((answer) => answer.json().xcode);
  expect(codes.filter((code) => code === 200)).toHaveLength(10);
  expect(codes.filter((code) => code === 429)).toHaveLength(10);
});
