/**
 * Handlers take their request and answer types from the contract (types.ts), and routes outside it (the WeChat
 * emulator, the upload host, the dev routes) from their own JSON Schemas or Fastify's route generics, so no server
 * module casts a request: a cast would let code read a field nothing validated. The type checks below run in
 * `npm run typecheck`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type {
  ContractSchema,
  ReplyData,
  ReplyOf,
  RequestBody,
  RequestParams,
  RequestQuery,
} from './types.ts';

const server = path.resolve(import.meta.dirname, '..');

/**
 * Casts of a request's body, query or path parameters (or a field of them): `request.body as X`,
 * `(request.query ?? {}) as X`, `request.query.token as string`.
 */
function requestCasts(source: string): string[] {
  return source
    .split('\n')
    .flatMap((line, index) =>
      /\brequest\.(body|query|params)\b(\.\w+)*(\s*\?\?\s*[^)]*)?\)?\s+as\s/.test(line)
        ? [`${index + 1}: ${line.trim()}`]
        : [],
    );
}

function serverModules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'media' ? [] : serverModules(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every server module but the tests: route adapters, the routes outside the contract, and whatever they call. */
const modules = serverModules(server);

describe('typed handlers', () => {
  it('finds the server modules', () => {
    expect(modules.length).toBeGreaterThan(100);
    for (const name of ['voting/routes.ts', 'engagement/routes.ts', 'wechat/emulator.ts', 'uploads/host.ts'])
      expect(modules).toContain(path.join(server, name));
  });

  it('recognises a cast of a request', () => {
    expect(requestCasts('const body = request.body as { id: number };')).toHaveLength(1);
    expect(requestCasts('  const { id } = (request.query as { id: number });')).toHaveLength(1);
    expect(requestCasts('const key = (request.params ?? {}) as Key;')).toHaveLength(1);
    expect(requestCasts('const token = request.query.token as string;')).toHaveLength(1);
    expect(
      requestCasts('const { id } = request.query;\nconst photos = JSON.parse(row.photos) as string[];'),
    ).toEqual([]);
  });

  it.each(modules.map((file) => [path.relative(server, file), file]))(
    '%s casts no request (its types come from the contract or its route schema)',
    (_name, file) => {
      expect(requestCasts(fs.readFileSync(file, 'utf8'))).toEqual([]);
    },
  );

  it('types requests and answers from the contract', () => {
    expectTypeOf<RequestBody<'bonusClaim'>>().toEqualTypeOf<{ bonus_id: number }>();
    expectTypeOf<RequestQuery<'lotteryHistory'>>().toEqualTypeOf<
      { lottery_id: number; limit?: number } & { locale?: string; inviteId?: string }
    >();
    expectTypeOf<RequestParams<'download'>['kind']>().toEqualTypeOf<
      'orders' | 'votes' | 'players' | 'sign_ups' | 'info_forms' | 'lottery_winners' | 'figures'
    >();
    // An operation without a body has none to read.
    expectTypeOf<RequestBody<'lotteryHistory'>>().toEqualTypeOf<undefined>();
    expectTypeOf<ReplyData<'shopOrderSave'>>().toEqualTypeOf<ContractSchema<'ShopOrder'>>();
    // A file answer (a QR code) is bytes the contract cannot type.
    expectTypeOf<ReplyOf<'qrcodeVote'>>().toBeUnknown();
  });
});
