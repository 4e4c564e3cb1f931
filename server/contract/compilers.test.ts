import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../config.ts';
import { AJV_OPTIONS, lazyCompilers } from './compilers.ts';
import { loadContract } from './load.ts';
import { registerContract } from './register.ts';

const contract = loadContract(path.join(projectRoot, 'schemas/api'));
const everyHandler = Object.fromEntries(
  Object.values(contract.paths).flatMap((ops) =>
    Object.values(ops).map((op) => [op.operationId, () => null]),
  ),
);

describe('schemas compiled on first use', () => {
  it("compiles every operation's schemas (eagerly, with Fastify's own compilers)", async () => {
    const app = Fastify({ ajv: { customOptions: AJV_OPTIONS } });
    registerContract(app, contract, everyHandler);
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });

  it('compiles nothing at start, then validates and serialises as Fastify does', async () => {
    const app = Fastify({
      ajv: { customOptions: AJV_OPTIONS },
      schemaController: { compilersFactory: lazyCompilers() },
    });
    app.post(
      '/broken',
      { schema: { body: { type: 'object', properties: { n: { type: 'no-such-type' } } } } },
      () => 'never',
    );
    app.post(
      '/sum',
      {
        schema: {
          querystring: {
            type: 'object',
            properties: { n: { type: 'integer', minimum: 1 } },
            required: ['n'],
          },
          response: { 200: { type: 'object', properties: { total: { type: 'integer' } } } },
        },
      },
      (request) => ({ total: (request.query as { n: number }).n * 2, secret: 'not in the schema' }),
    );
    // A schema that does not compile does not stop the start: nothing was compiled yet.
    await app.ready();
    const sum = await app.inject({ method: 'POST', url: '/sum?n=21' });
    expect(sum.json()).toEqual({ total: 42 });
    const invalid = await app.inject({ method: 'POST', url: '/sum?n=0' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('querystring/n must be >= 1');
    expect((await app.inject({ method: 'POST', url: '/sum?n=x' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/broken', payload: {} })).statusCode).toBe(500);
    await app.close();
  });
});
