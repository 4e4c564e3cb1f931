/**
 * Handlers take their request and answer types from the contract (types.ts), so none casts its request: a cast would
 * let a handler read a field the contract does not declare. The type checks below run in `npm run typecheck`.
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

/** The route modules (`routes.ts`, `*-routes.ts` in each domain), and any other module that builds contract handlers (it names HandlerMap). */
const handlerModules = serverModules(server).filter(
  (file) =>
    !file.startsWith(path.join(server, 'contract')) &&
    (/routes\.ts$/.test(file) || fs.readFileSync(file, 'utf8').includes('HandlerMap')),
);

describe('typed handlers', () => {
  it('finds the handler modules', () => {
    expect(handlerModules.length).toBeGreaterThan(20);
    expect(handlerModules).toContain(path.join(server, 'voting/routes.ts'));
    expect(handlerModules).toContain(path.join(server, 'engagement/routes.ts'));
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

  it.each(handlerModules.map((file) => [path.relative(server, file), file]))(
    '%s casts no request (its types come from the contract)',
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
      'orders' | 'votes' | 'players' | 'sign_ups' | 'info_forms' | 'lottery_winners'
    >();
    // An operation without a body has none to read.
    expectTypeOf<RequestBody<'lotteryHistory'>>().toEqualTypeOf<undefined>();
    expectTypeOf<ReplyData<'shopOrderSave'>>().toEqualTypeOf<ContractSchema<'ShopOrder'>>();
    // A file answer (a QR code) is bytes the contract cannot type.
    expectTypeOf<ReplyOf<'qrcodeVote'>>().toBeUnknown();
  });
});
