import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
import { URL } from 'node:url';
import noRealClock from './scripts/lint/no-real-clock.js';
import noRegistries from './scripts/lint/no-registries.js';

/*
 * The layers (CONTRIBUTING.md, "Structure and layers"): imports flow one way, lib/ui/engine/themes -> features -> blocks -> pages ->
 * app (cycles: scripts/import-cycles.test.ts; the rules' own test: scripts/lint-layers.test.ts).
 *
 * - A feature imports another feature only through a shared module: `video` (the event store: detail, episodes,
 *   viewer, stream, access gate) and `payment` (the payment flow) are shared whole; chat shares its message type
 *   and payment hook with its add-ons (gift, red packet), and the chat room hosts their popups and card.
 * - A feature's public surface is its top-level modules (`features/<name>/<Module>`); its folders (locales/, ...)
 *   are its own. No barrels: blocks load lazily one by one, and a barrel would pull a whole feature into a chunk.
 * Every folder under src/features gets its rule from the folder list, so a new feature is covered as it is.
 */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Feature modules every other feature may import: the whole feature (`*`) or the named top-level modules. */
const sharedFeatureModules = { video: '*', payment: '*', chat: ['types', 'use-chat-payment'] };
/** What one feature may import beyond the shared modules: the chat room shows the gift and red-packet popups. */
const hostedFeatureModules = {
  chat: { gift: ['GiftPopup'], 'red-packet': ['RedPacketCard', 'SendRedPacketPopup'] },
};

const up = String.raw`^(?:\.\./)+`;
const layer = (names) => `${up}(?:${names.join('|')})(?:/|$)`;
/** A path into a folder of a feature (its locales, its internal modules): never part of its public surface. */
const featureInternals = {
  regex: String.raw`${up}features/[^/]+/[^/]+/`,
  message:
    "Import a feature's top-level module (features/<name>/<Module>); its folders (locales/, ...) are its own. Export what you need from a top-level module.",
};

/** One restriction for static imports (no-restricted-imports) and dynamic import() (no-restricted-syntax). */
function restrict(files, patterns) {
  return {
    files,
    rules: {
      'no-restricted-imports': ['error', { patterns }],
      'no-restricted-syntax': [
        'error',
        ...patterns.map(({ regex, message }) => ({
          selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\/')}/]`,
          message,
        })),
      ],
    },
  };
}

function otherFeature(from, name) {
  const shared = sharedFeatureModules[name];
  if (shared === '*') return [];
  const allowed = [...(shared ?? []), ...(hostedFeatureModules[from]?.[name] ?? [])];
  const except = allowed.length ? `(?!/(?:${allowed.join('|')})$)` : '';
  return [
    {
      regex: `${up}(?:features/)?${name}${except}(?:/|$)`,
      message: `features/${from} may not import features/${name}${allowed.length ? ` beyond ${allowed.join(', ')}` : ''}. Features meet only through shared modules (video, payment, chat/types, chat/use-chat-payment: CONTRIBUTING.md, Structure and layers): move what both need to src/lib or src/ui, or let a block compose the two.`,
    },
  ];
}

const layerRules = [
  restrict(
    ['src/lib/**'],
    [
      {
        regex: layer(['ui', 'features', 'blocks', 'pages', 'app']),
        message:
          'src/lib holds non-UI helpers: it may not import ui, features, blocks, pages or app. Take a callback, or move the part that shows UI to src/ui.',
      },
    ],
  ),
  restrict(
    ['src/ui/**', 'src/engine/**', 'src/themes/**'],
    [
      {
        regex: layer(['features', 'blocks', 'pages', 'app']),
        message:
          'src/ui, src/engine and src/themes are shared by every feature: they may not import features, blocks, pages or app. Pass what you need in as props.',
      },
    ],
  ),
  ...features.map((name) =>
    restrict(
      [`src/features/${name}/**`],
      [
        {
          regex: layer(['blocks', 'pages', 'app']),
          message:
            'A feature may not import blocks, pages or app (they compose features). Move the shared part to src/ui or src/lib.',
        },
        {
          regex: String.raw`${up}(?:features/)?(?:${Object.keys(sharedFeatureModules).join('|')})/[^/]+/`,
          message: "Import a shared feature's top-level module; its folders are its own.",
        },
        ...features.filter((other) => other !== name).flatMap((other) => otherFeature(name, other)),
      ],
    ),
  ),
  restrict(
    ['src/blocks/**'],
    [
      {
        regex: layer(['pages', 'app']),
        message: 'A block may not import pages or app: pages compose blocks. Move the shared part to src/ui.',
      },
      featureInternals,
    ],
  ),
  restrict(
    ['src/pages/**'],
    [{ regex: layer(['app']), message: 'A page may not import app: app composes pages.' }, featureInternals],
  ),
  restrict(['src/app/**'], [featureInternals]),
];

/*
 * The server's layers (server/README.md, Layout), checked on resolved import paths (eslint-plugin-import-x's
 * no-restricted-paths; the rules' own test: scripts/lint-server-layers.test.ts):
 * - nothing in server/ imports the app (src/): what both sides need lives where both import it (schemas/);
 * - the platform (db, contract, shared, security, and the top-level modules below) imports no domain folder: the
 *   domains build on the platform, never the other way round;
 * - a domain imports neither the server's assembly (app.ts, main.ts) nor the demo data (seed/, seed-cli.ts): those
 *   compose the domains.
 * Tests (and test support modules, `test-*.ts`) are exempt where they must reach further: a platform test may
 * exercise a domain, a domain test builds a server and seeds it; nothing exempts them from the first rule. Every
 * folder of server/ that is not platform, seed/ or media/ is a domain, so a new domain is covered as it is.
 */
const serverPlatformFolders = ['db', 'contract', 'shared', 'security'];
const serverPlatformModules = [
  'clock.ts',
  'envelope.ts',
  'config.ts',
  'static.ts',
  'health.ts',
  'dev-log.ts',
];
const serverDomains = readdirSync(new URL('./server', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && ![...serverPlatformFolders, 'seed', 'media'].includes(entry.name))
  .map((entry) => entry.name);
/** A folder's modules less its tests and their support modules (`x.test.ts`, `test-*.ts`). */
const notTests = (folder) => `server/${folder}/**/!(*.test|test-*).ts`;

const serverLayers = {
  files: ['server/**/*.ts'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
  },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: [
          {
            target: 'server',
            from: 'src',
            message:
              'The server imports nothing from the app (src/). Move what both need to where both import it (the contract types: schemas/api/types.gen.ts), or test the server on its own terms.',
          },
          {
            target: [
              ...serverPlatformFolders.map(notTests),
              ...serverPlatformModules.map((name) => `server/${name}`),
            ],
            from: serverDomains.map((name) => `server/${name}`),
            message:
              'Platform code (server/db, contract, shared, security, clock, envelope, config, static, health, dev-log) imports no domain: take what you need as an argument, or move the code into the domain.',
          },
          {
            target: serverDomains.map(notTests),
            from: ['server/app.ts', 'server/main.ts', 'server/seed', 'server/seed-cli.ts'],
            message:
              'A domain imports neither the server assembly (app.ts, main.ts) nor the demo data (seed/, seed-cli.ts): they compose the domains. Take what you need as an argument.',
          },
        ],
      },
    ],
  },
};

/** The project's own lint rules (scripts/lint/). */
const livev3 = { rules: { 'no-real-clock': noRealClock, 'no-registries': noRegistries } };

export default tseslint.config(
  {
    ignores: [
      'server/media',
      'dist',
      'data',
      'node_modules',
      'gallery',
      'test-results',
      'playwright-report',
      'bench',
      'schemas/api/types.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  ...layerRules,
  serverLayers,
  // One clock (scripts/lint/no-real-clock.js; its test: scripts/lint-clock.test.ts).
  {
    files: ['server/**/*.ts'],
    ignores: ['server/clock.ts'],
    plugins: { livev3 },
    rules: { 'livev3/no-real-clock': ['error', { clock: 'server/clock.ts' }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/clock.ts'],
    plugins: { livev3 },
    rules: { 'livev3/no-real-clock': ['error', { clock: 'src/lib/clock.ts' }] },
  },
  // One wiring place: no registries keyed by the database, no registration by import (scripts/lint/no-registries.js;
  // its test: scripts/lint-registries.test.ts). Entry points and tests run code at their top level.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/**/test-*.ts', 'server/main.ts', 'server/seed-cli.ts'],
    plugins: { livev3 },
    rules: { 'livev3/no-registries': 'error' },
  },
);
