/**
 * Validates config/app.json and themes/*.json at build time (the browser never runs ajv: it is 38 KB gz and needs
 * `new Function`, which a strict CSP forbids). Every problem names the file, the JSON pointer, what was expected and,
 * for unknown names, the nearest known one. It also fills in the schemas' defaults (a block's props included): the
 * build gives the app the config with them (scripts/config-check-plugin.ts), so no block repeats them in code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import leven from 'leven';

export type ConfigProblem = { file: string; pointer: string; message: string; hint?: string };

export type ValidateOptions = {
  /** Project root (holds config/, schemas/, themes/). */
  root: string;
  /** Page keys from src/pages/registry.ts. */
  pageKeys: readonly string[];
  /** Parsed app config to check instead of reading config/app.json (tests). */
  config?: unknown;
  /** Theme files to check instead of reading themes/ (tests): file name -> parsed JSON. */
  themes?: Record<string, unknown>;
};

const CONFIG_FILE = 'config/app.json';

export function didYouMean(input: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const distance = leven(input.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(best.length / 3)) ? best : undefined;
}

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function quote(value: unknown): string {
  return JSON.stringify(value);
}

function valueAt(document: unknown, pointer: string): unknown {
  let node = document;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function describeAjvError(error: ErrorObject, document: unknown, file: string): ConfigProblem {
  const pointer = error.instancePath || '/';
  const actual = valueAt(document, error.instancePath);
  switch (error.keyword) {
    case 'enum': {
      const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
      const hint = typeof actual === 'string' ? didYouMean(actual, allowed.map(String)) : undefined;
      return {
        file,
        pointer,
        message: `expected one of ${allowed.map(quote).join(', ')}; got ${quote(actual)}`,
        hint: hint && `did you mean ${quote(hint)}?`,
      };
    }
    case 'required': {
      const missing = (error.params as { missingProperty: string }).missingProperty;
      return {
        file,
        pointer: `${error.instancePath}/${missing}`,
        message: `missing required property ${quote(missing)}`,
      };
    }
    case 'additionalProperties': {
      const extra = (error.params as { additionalProperty: string }).additionalProperty;
      const known = Object.keys(
        (error.parentSchema as { properties?: object } | undefined)?.properties ?? {},
      );
      const hint = didYouMean(extra, known);
      return {
        file,
        pointer: `${error.instancePath}/${extra}`,
        message: `unknown property ${quote(extra)}${known.length ? `; allowed: ${known.join(', ')}` : ''}`,
        hint: hint && `did you mean ${quote(hint)}?`,
      };
    }
    case 'type':
      return { file, pointer, message: `expected ${error.params.type}; got ${quote(actual)}` };
    case 'pattern': {
      const isColour = String(error.params.pattern).includes('A-Fa-f');
      return {
        file,
        pointer,
        message: isColour
          ? `expected a colour like "#FD3838"; got ${quote(actual)}`
          : `expected a string matching ${error.params.pattern}; got ${quote(actual)}`,
      };
    }
    default:
      return { file, pointer, message: `${error.message ?? 'is invalid'}; got ${quote(actual)}` };
  }
}

/**
 * Compiled schemas, kept while a schema file's text is unchanged: the dev server and the studio check the config on
 * every save, and compiling every schema again each time took most of a second, delaying the saved change on screen.
 */
const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: false, useDefaults: true });
const schemaCache = new Map<string, { text: string; validate: ValidateFunction }>();

function compile(schemaFile: string): ValidateFunction {
  const text = fs.readFileSync(schemaFile, 'utf8');
  const cached = schemaCache.get(schemaFile);
  if (cached?.text === text) return cached.validate;
  const schema = JSON.parse(text) as Record<string, unknown>;
  // Schemas carry their own $id for editors; without it ajv cannot clash on a schema compiled again after an edit.
  const validate = ajv.compile({ ...schema, $id: undefined });
  schemaCache.set(schemaFile, { text, validate });
  return validate;
}

function runSchema(schemaFile: string, document: unknown, file: string, prefix = ''): ConfigProblem[] {
  const validate = compile(schemaFile);
  if (validate(document)) return [];
  return (validate.errors ?? [])
    .filter((error) => error.keyword !== 'if')
    .map((error) => {
      const problem = describeAjvError(error, document, file);
      return { ...problem, pointer: prefix + problem.pointer };
    });
}

export function listBlockTypes(root: string): string[] {
  return fs
    .readdirSync(path.join(root, 'schemas/blocks'))
    .filter((name) => name.endsWith('.schema.json'))
    .map((name) => name.replace(/\.schema\.json$/, ''))
    .sort();
}

/**
 * Every block schema documents itself (the operators' block reference, `npm run docs:config`, is generated from it): a
 * `description` of the block and of each prop.
 */
function checkBlockDocs(root: string, blockTypes: readonly string[]): ConfigProblem[] {
  return blockTypes.flatMap((type) => {
    const file = `schemas/blocks/${type}.schema.json`;
    const schema = readJson(path.join(root, file)) as {
      description?: unknown;
      properties?: Record<string, { description?: unknown }>;
    };
    const missing = [
      ...(typeof schema.description === 'string' && schema.description ? [] : ['']),
      ...Object.entries(schema.properties ?? {})
        .filter(([, prop]) => typeof prop.description !== 'string' || !prop.description)
        .map(([name]) => `/properties/${name}`),
    ];
    return missing.map((pointer) => ({
      file,
      pointer,
      message: `has no "description" (the block reference is generated from it)`,
    }));
  });
}

/** Theme files are themes/<name>.json; base.json holds the shared base tokens and is not a selectable theme. */
export function listThemeFiles(root: string): Record<string, unknown> {
  const dir = path.join(root, 'themes');
  const themes: Record<string, unknown> = {};
  for (const name of fs.readdirSync(dir)) {
    if (name.endsWith('.json') && name !== 'base.json') themes[name] = readJson(path.join(dir, name));
  }
  return themes;
}

type RouteLike = { path?: unknown; aliases?: unknown; page?: unknown; blocks?: unknown };

export function validateConfig(options: ValidateOptions): ConfigProblem[] {
  return checkConfig(options).problems;
}

/**
 * The config's problems, and the config with the schemas' defaults filled in (a copy: what the options hold is left
 * as it was). Every block has `props` then, `{}` where config gives none, with its schema's defaults.
 */
export function checkConfig(options: ValidateOptions): { problems: ConfigProblem[]; config: unknown } {
  const { root, pageKeys } = options;
  const problems: ConfigProblem[] = [];

  let config = structuredClone(options.config);
  if (config === undefined) {
    try {
      config = readJson(path.join(root, CONFIG_FILE));
    } catch (error) {
      const message = `cannot be read as JSON: ${(error as Error).message}`;
      return { problems: [{ file: CONFIG_FILE, pointer: '/', message }], config };
    }
  }

  const themes = structuredClone(options.themes) ?? listThemeFiles(root);
  const themeNames = Object.keys(themes).map((file) => file.replace(/\.json$/, ''));
  const themeSchema = path.join(root, 'schemas/theme.schema.json');
  for (const [fileName, theme] of Object.entries(themes)) {
    const file = `themes/${fileName}`;
    if (fs.existsSync(themeSchema)) problems.push(...runSchema(themeSchema, theme, file));
    const declared = (theme as { name?: unknown }).name;
    if (declared !== undefined && declared !== fileName.replace(/\.json$/, '')) {
      problems.push({
        file,
        pointer: '/name',
        message: `expected ${quote(fileName.replace(/\.json$/, ''))} (the file name); got ${quote(declared)}`,
      });
    }
  }

  problems.push(...runSchema(path.join(root, 'schemas/app-config.schema.json'), config, CONFIG_FILE));
  if (config === null || typeof config !== 'object') return { problems, config };

  const { theme, routes } = config as {
    theme?: { default?: unknown; colorCodes?: Record<string, unknown> };
    routes?: unknown;
  };
  const checkTheme = (name: unknown, pointer: string) => {
    if (typeof name !== 'string' || themeNames.includes(name)) return;
    const hint = didYouMean(name, themeNames);
    problems.push({
      file: CONFIG_FILE,
      pointer,
      message: `unknown theme ${quote(name)}; known themes: ${themeNames.join(', ')}`,
      hint: hint && `did you mean ${quote(hint)}?`,
    });
  };
  checkTheme(theme?.default, '/theme/default');
  for (const [code, name] of Object.entries(theme?.colorCodes ?? {}))
    checkTheme(name, `/theme/colorCodes/${code}`);

  const blockTypes = listBlockTypes(root);
  problems.push(...checkBlockDocs(root, blockTypes));
  if (!Array.isArray(routes)) return { problems, config };
  const seenPaths = new Map<string, string>();
  routes.forEach((route: RouteLike, index) => {
    const at = `/routes/${index}`;
    for (const [i, routePath] of [
      route.path,
      ...(Array.isArray(route.aliases) ? route.aliases : []),
    ].entries()) {
      if (typeof routePath !== 'string') continue;
      const pointer = i === 0 ? `${at}/path` : `${at}/aliases/${i - 1}`;
      const previous = seenPaths.get(routePath);
      if (previous)
        problems.push({
          file: CONFIG_FILE,
          pointer,
          message: `path ${quote(routePath)} is already declared at ${previous}`,
        });
      else seenPaths.set(routePath, pointer);
    }
    if (typeof route.page === 'string' && !pageKeys.includes(route.page)) {
      const hint = didYouMean(route.page, pageKeys);
      problems.push({
        file: CONFIG_FILE,
        pointer: `${at}/page`,
        message: `unknown page ${quote(route.page)}; known pages: ${pageKeys.join(', ')}`,
        hint: hint && `did you mean ${quote(hint)}?`,
      });
    }
    if (!Array.isArray(route.blocks)) return;
    route.blocks.forEach((block: { type?: unknown; props?: unknown }, blockIndex) => {
      const blockAt = `${at}/blocks/${blockIndex}`;
      if (typeof block?.type !== 'string') return;
      if (!blockTypes.includes(block.type)) {
        const hint = didYouMean(block.type, blockTypes);
        problems.push({
          file: CONFIG_FILE,
          pointer: `${blockAt}/type`,
          message: `unknown block type ${quote(block.type)}; known types: ${blockTypes.join(', ')}`,
          hint: hint && `did you mean ${quote(hint)}?`,
        });
        return;
      }
      const schemaFile = path.join(root, 'schemas/blocks', `${block.type}.schema.json`);
      block.props ??= {};
      problems.push(...runSchema(schemaFile, block.props, CONFIG_FILE, `${blockAt}/props`));
    });
  });
  return { problems, config };
}

export function formatProblems(problems: readonly ConfigProblem[]): string {
  const lines = problems.map(
    (problem) =>
      `  ${problem.file}#${problem.pointer}: ${problem.message}${problem.hint ? ` (${problem.hint})` : ''}`,
  );
  return `Config check found ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${lines.join('\n')}`;
}
