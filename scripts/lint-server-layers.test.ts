/**
 * The server's layer rules of eslint.config.js (import-x/no-restricted-paths on resolved paths), on small source
 * texts at virtual paths: each import that crosses a layer fails the lint with the layer's message, each allowed one
 * passes. The imported modules are real, since the rule checks only paths that resolve.
 */
import { describe, expect, it } from 'vitest';
import { ruleMessages } from './lint/lint-text';

const layerErrors = (filePath: string, code: string) =>
  ruleMessages(filePath, code, ['import-x/no-restricted-paths']);

describe('lint: server layers', () => {
  it.each([
    // Nothing in server/ imports the app, tests included.
    ['server/events/x.ts', "import { api } from '../../src/lib/api.ts';", 'imports nothing from the app'],
    [
      'server/x.ts',
      "import type { ChatMessage } from '../src/features/chat/types';",
      'imports nothing from the app',
    ],
    ['server/chat/x.test.ts', "import { now } from '../../src/lib/clock';", 'imports nothing from the app'],
    // The platform imports no domain.
    ['server/db/x.ts', "import { castVote } from '../voting/cast.ts';", 'Platform code'],
    ['server/contract/x.ts', "import { loadEvent } from '../events/routes.ts';", 'Platform code'],
    ['server/shared/x.ts', "const chat = () => import('../chat/lines.ts');", 'Platform code'],
    ['server/security/x.ts', "import { startSession } from '../accounts/sessions.ts';", 'Platform code'],
    ['server/envelope.ts', "export { needViewer } from './accounts/sessions.ts';", 'Platform code'],
    ['server/static.ts', "import { streamRoutes } from './streams/routes.ts';", 'Platform code'],
    // A domain imports neither the assembly nor the demo data.
    ['server/voting/x.ts', "import { buildServer } from '../app.ts';", 'A domain imports neither'],
    ['server/shop/x.ts', "import { seedShop } from '../seed/shop.ts';", 'A domain imports neither'],
    ['server/events/x.ts', "import { seedDemo } from '../seed/demo.ts';", 'A domain imports neither'],
    ['server/chat/x.ts', "import '../seed-cli.ts';", 'A domain imports neither'],
    ['server/uploads/x.ts', "import '../main.ts';", 'A domain imports neither'],
  ])('%s: %s fails', async (filePath, code, message) => {
    const errors = await layerErrors(filePath, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each([
    ['server/voting/x.ts', "import { ok } from '../envelope.ts';"],
    ['server/voting/x.ts', "import type { Sql } from '../db/sql.ts';"],
    ['server/shop/x.ts', "import { needViewer } from '../accounts/sessions.ts';"],
    ['server/db/x.ts', "import type { RequestBody } from '../contract/types.ts';"],
    ['server/contract/x.ts', "import type { components } from '../../schemas/api/types.gen.ts';"],
    ['server/app.ts', "import { seedDemo } from './seed/demo.ts';"],
    ['server/seed/x.ts', "import { createPacket } from '../red-packets/packets.ts';"],
    // Tests reach further where they must: a platform test exercises a domain, a domain test builds a server.
    ['server/security/x.test.ts', "import { needViewer } from '../accounts/sessions.ts';"],
    ['server/voting/x.test.ts', "import { buildServer } from '../app.ts';"],
  ])('%s: %s passes', async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([]);
  });
});
