import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import noRealClock from './scripts/lint/no-real-clock.js';
import noRegistries from './scripts/lint/no-registries.js';

/*
 * The layers (CONTRIBUTING.md, "Structure and layers"): imports flow one way, lib/ui/engine/themes -> features -> blocks
 * -> pages -> app, checked on resolved import paths (eslint-plugin-import-x's no-restricted-paths, which sees static
 * imports, re-exports and import() alike; an import() of a computed path, which it cannot resolve, is refused). One block holds every zone for every file of src/; the zones' targets pick
 * the files they apply to. Its test, scripts/lint-layers.test.ts, lints the fixtures of scripts/lint/layer-fixtures/
 * at their places in src/ and checks that every file of src/ gets the whole rule, so a later block that turns it off
 * or narrows it for some files fails the test. Cycles, between modules and between folders: scripts/import-cycles.test.ts.
 *
 * - A feature imports another feature only through a shared module: `video` (the event store: detail, episodes,
 *   viewer, stream, access gate) and `payment` (the payment flow) are shared whole; chat shares its message type and
 *   payment hook with its add-ons (gift, red packet), which the chat-room block composes with the room.
 * - A feature's public surface is its top-level modules (`features/<name>/<Module>`); its folders (locales/, ...)
 *   are its own. No barrels: blocks load lazily one by one, and a barrel would pull a whole feature into a chunk.
 * Every folder under src/features gets its zones from the folder list, so a new feature is covered as it is.
 */
const root = fileURLToPath(new URL('.', import.meta.url));
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Feature modules every other feature may import: the whole feature (`*`) or the named top-level modules. */
const sharedFeatureModules = { video: '*', payment: '*', chat: ['types.ts', 'use-chat-payment.ts'] };

const sharedList = Object.entries(sharedFeatureModules)
  .flatMap(([name, modules]) =>
    modules === '*' ? [name] : modules.map((module) => `${name}/${module.replace(/\.tsx?$/, '')}`),
  )
  .join(', ');
/** A feature's folders (locales/, ...): never part of its public surface. */
const internals = (name) => `src/features/${name}/*/**`;

/** The zones that keep one feature to its own code and the shared modules of the others. */
function featureZones(name) {
  const others = features.filter((other) => other !== name);
  const message = `features/${name} imports another feature only through its shared modules (${sharedList}: CONTRIBUTING.md, Structure and layers): move what both need to src/lib or src/ui, or let a block compose the two.`;
  const closed = others.filter((other) => !Object.hasOwn(sharedFeatureModules, other));
  const partlyShared = others.filter((other) => Array.isArray(sharedFeatureModules[other]));
  const wholeShared = others.filter((other) => sharedFeatureModules[other] === '*');
  return [
    ...(closed.length
      ? [{ target: `src/features/${name}`, from: closed.map((other) => `src/features/${other}`), message }]
      : []),
    ...partlyShared.map((other) => ({
      target: `src/features/${name}`,
      from: `src/features/${other}`,
      except: sharedFeatureModules[other].map((module) => `./${module}`),
      message,
    })),
    ...(wholeShared.length
      ? [
          {
            target: `src/features/${name}`,
            from: wholeShared.map(internals),
            message: "Import a shared feature's top-level module; its folders are its own.",
          },
        ]
      : []),
  ];
}

/** import-x with Node's resolution of the project's files: the layer rules of src/ and server/ read resolved paths. */
const resolvedImports = {
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
  },
};

const srcLayers = {
  files: ['src/**/*.{ts,tsx}'],
  ...resolvedImports,
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        basePath: root,
        zones: [
          {
            target: 'src',
            from: 'console',
            message:
              'The viewer app never imports the organiser console (console/), its own entry: what both need lives in src/lib.',
          },
          {
            target: 'src/lib',
            from: ['src/ui', 'src/features', 'src/blocks', 'src/pages', 'src/app'],
            message:
              'src/lib holds non-UI helpers: it may not import ui, features, blocks, pages or app. Take a callback, or move the part that shows UI to src/ui.',
          },
          {
            target: ['src/ui', 'src/engine', 'src/themes'],
            from: ['src/features', 'src/blocks', 'src/pages', 'src/app'],
            message:
              'src/ui, src/engine and src/themes are shared by every feature: they may not import features, blocks, pages or app. Pass what you need in as props.',
          },
          {
            target: 'src/features',
            from: ['src/blocks', 'src/pages', 'src/app'],
            message:
              'A feature may not import blocks, pages or app (they compose features). Move the shared part to src/ui or src/lib.',
          },
          ...features.flatMap(featureZones),
          {
            target: 'src/blocks',
            from: ['src/pages', 'src/app'],
            message:
              'A block may not import pages or app: pages compose blocks. Move the shared part to src/ui.',
          },
          { target: 'src/pages', from: 'src/app', message: 'A page may not import app: app composes pages.' },
          {
            target: [
              'src/lib',
              'src/ui',
              'src/engine',
              'src/themes',
              'src/features',
              'src/blocks',
              'src/pages',
              'src/app',
            ],
            from: 'src/boot',
            message:
              'src/boot is the start-up, built into index.html on its own: nothing of the app imports it. Put what both need in src/lib.',
          },
          {
            target: 'src/boot',
            from: ['src/app', 'src/ui', 'src/features', 'src/blocks'],
            message:
              'src/boot runs before the app: it imports src/lib helpers (and, at build time, pages to prerender), never the app.',
          },
          {
            target: ['src/blocks', 'src/pages', 'src/app'],
            from: internals('*'),
            message:
              "Import a feature's top-level module (features/<name>/<Module>); its folders (locales/, ...) are its own. Export what you need from a top-level module.",
          },
        ],
      },
    ],
    'no-restricted-syntax': [
      'error',
      {
        selector: "ImportExpression[source.type!='Literal']",
        message:
          'import() takes a literal path in src/: the layer rule checks only the paths it can resolve.',
      },
    ],
  },
};

/**
 * The organiser console (console/, its own Vite entry): it may use the app's non-UI helpers (src/lib) and the
 * contract's types and schemas (schemas/), never the viewer app's UI, features, pages or start-up, nor the server.
 */
const consoleLayers = {
  files: ['console/**/*.{ts,tsx}'],
  ...resolvedImports,
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        basePath: root,
        zones: [
          {
            target: 'console/src',
            from: [
              'src/ui',
              'src/engine',
              'src/themes',
              'src/features',
              'src/blocks',
              'src/pages',
              'src/app',
              'src/boot',
              'src/locales',
              'server',
            ],
            message:
              'The console may import src/lib helpers that carry no viewer-app UI and schemas/ (the contract), nothing else of the app or the server.',
          },
        ],
      },
    ],
  },
};

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
  ...resolvedImports,
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
      // Linted by scripts/lint-layers.test.ts at their places in src/, where their imports resolve.
      'scripts/lint/layer-fixtures',
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
  srcLayers,
  consoleLayers,
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
    ignores: [
      'server/**/*.test.ts',
      'server/**/test-*.ts',
      'server/main.ts',
      'server/seed-cli.ts',
      'server/organiser-cli.ts',
    ],
    plugins: { livev3 },
    rules: { 'livev3/no-registries': 'error' },
  },
);
