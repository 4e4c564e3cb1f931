/**
 * The operators' config reference, generated from the schemas (the single source): every page key and the routes that
 * use it, every block type with its description, props (type, default, allowed values, description), examples, where
 * config uses it, and a screenshot of a screen that shows it. `npm run docs:config` writes docs/config-reference.md
 * and docs/config-reference.html.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readPageKeys } from '../config/check.ts';
import { listBlockTypes } from '../config/validate.ts';

type PropSchema = {
  description?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, PropSchema>;
  items?: PropSchema;
};
type BlockSchema = PropSchema & { title?: string; required?: string[]; examples?: unknown[] };
type Route = { path: string; aliases?: string[]; page: string; blocks: Array<{ type: string }> };
export type ScreenLike = { id: string; path: string };

export type BlockReference = {
  type: string;
  description: string;
  props: Array<{
    name: string;
    type: string;
    required: boolean;
    default: string;
    allowed: string;
    description: string;
  }>;
  examples: unknown[];
  usedIn: Array<{ route: string; pointer: string }>;
  screenshot?: string;
};

export type ConfigReference = {
  pages: Array<{ key: string; routes: string[] }>;
  blocks: BlockReference[];
};

const json = (value: unknown) => JSON.stringify(value);

function typeOf(schema: PropSchema): string {
  if (schema.enum) return 'enum';
  if (schema.type === 'object' && schema.properties)
    return `object { ${Object.keys(schema.properties).join(', ')} }`;
  if (schema.type === 'array') return `array of ${schema.items ? typeOf(schema.items) : 'any'}`;
  return Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
}

function allowedOf(schema: PropSchema): string {
  if (schema.enum) return schema.enum.map(json).join(', ');
  const range = [
    schema.minimum !== undefined ? `>= ${schema.minimum}` : '',
    schema.maximum !== undefined ? `<= ${schema.maximum}` : '',
    schema.minLength !== undefined ? `length >= ${schema.minLength}` : '',
    schema.maxLength !== undefined ? `length <= ${schema.maxLength}` : '',
  ].filter(Boolean);
  return range.join(', ');
}

const baselineOf = (screenId: string) => `tests/screenshots/__baselines__/red-default/${screenId}.png`;

/** Blocks no screen of the screenshot suite shows yet: listed in the reference rather than left out silently. */
export function withoutScreenshot(reference: ConfigReference): string[] {
  return reference.blocks.filter((block) => !block.screenshot).map((block) => block.type);
}

const NO_SCREENSHOT = 'none yet: no screen in tests/screens.ts shows this block';

function routeOf(screenPath: string, routes: readonly Route[]): Route | undefined {
  const bare = screenPath.split('?')[0] ?? '';
  return routes.find((route) => route.path === bare || route.aliases?.includes(bare));
}

export function buildConfigReference(root: string, screens: readonly ScreenLike[]): ConfigReference {
  const config = JSON.parse(fs.readFileSync(path.join(root, 'config/app.json'), 'utf8')) as {
    routes: Route[];
  };
  const pages = readPageKeys(root).map((key) => ({
    key,
    routes: config.routes.filter((route) => route.page === key).map((route) => route.path),
  }));
  const blocks = listBlockTypes(root).map((type): BlockReference => {
    const schema = JSON.parse(
      fs.readFileSync(path.join(root, 'schemas/blocks', `${type}.schema.json`), 'utf8'),
    ) as BlockSchema;
    const usedIn = config.routes.flatMap((route, r) =>
      route.blocks.flatMap((block, b) =>
        block.type === type ? [{ route: route.path, pointer: `/routes/${r}/blocks/${b}` }] : [],
      ),
    );
    // The first screen of the suite that shows the block and has a committed red-theme baseline.
    const screen = screens.find(
      (candidate) =>
        routeOf(candidate.path, config.routes)?.blocks.some((block) => block.type === type) &&
        fs.existsSync(path.join(root, baselineOf(candidate.id))),
    );
    return {
      type,
      description: schema.description ?? '',
      props: Object.entries(schema.properties ?? {}).map(([name, prop]) => ({
        name,
        type: typeOf(prop),
        required: schema.required?.includes(name) ?? false,
        default: prop.default === undefined ? '' : json(prop.default),
        allowed: allowedOf(prop),
        description: prop.description ?? '',
      })),
      examples: schema.examples ?? [],
      usedIn,
      screenshot: screen && baselineOf(screen.id),
    };
  });
  return { pages, blocks };
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function toMarkdown(reference: ConfigReference): string {
  const lines = [
    '# Config reference',
    '',
    'Generated from `schemas/` and `config/app.json` by `npm run docs:config`: edit the schemas, not this file.',
    'Each block is one entry of a route\'s `blocks` in `config/app.json`: `{ "type": "<block>", "props": { ... } }`.',
    '',
    '## Pages',
    '',
    '| page key | routes |',
    '| --- | --- |',
    ...reference.pages.map(
      (page) =>
        `| \`${page.key}\` | ${page.routes.map((route) => `\`${route}\``).join(', ') || 'not used'} |`,
    ),
    '',
    '## Blocks',
    '',
    screenshotSummary(reference, (type) => `\`${type}\``),
    '',
    ...reference.blocks.map((block) => `- [\`${block.type}\`](#${block.type})`),
  ];
  for (const block of reference.blocks) {
    lines.push('', `### ${block.type}`, '', block.description, '');
    if (block.props.length === 0) lines.push('No props.', '');
    else {
      lines.push(
        '| prop | type | required | default | allowed | description |',
        '| --- | --- | --- | --- | --- | --- |',
      );
      for (const prop of block.props)
        lines.push(
          `| \`${prop.name}\` | ${cell(prop.type)} | ${prop.required ? 'yes' : 'no'} | ${cell(prop.default)} | ${cell(prop.allowed)} | ${cell(prop.description)} |`,
        );
      lines.push('');
    }
    if (block.examples.length)
      lines.push('Examples: ' + block.examples.map((example) => `\`${json(example)}\``).join(', '), '');
    lines.push(
      'Used in: ' +
        (block.usedIn.length
          ? block.usedIn.map((use) => `\`${use.route}\` (\`${use.pointer}\`)`).join(', ')
          : 'no route yet'),
      '',
    );
    if (block.screenshot) lines.push(`![${block.type} in the red theme](../${block.screenshot})`, '');
    else lines.push(`Screenshot: ${NO_SCREENSHOT}.`, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function screenshotSummary(reference: ConfigReference, name: (type: string) => string): string {
  const missing = withoutScreenshot(reference);
  const shown = reference.blocks.length - missing.length;
  return (
    `Screenshots (red theme, from the screenshot suite's baselines): ${shown} of ${reference.blocks.length} blocks.` +
    (missing.length ? ` No screen shows yet: ${missing.map(name).join(', ')}.` : '')
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function toHtml(reference: ConfigReference): string {
  const sections = reference.blocks.map((block) => {
    const rows = block.props
      .map(
        (prop) =>
          `<tr><td><code>${escapeHtml(prop.name)}</code></td><td>${escapeHtml(prop.type)}</td><td>${prop.required ? 'yes' : 'no'}</td><td>${escapeHtml(prop.default)}</td><td>${escapeHtml(prop.allowed)}</td><td>${escapeHtml(prop.description)}</td></tr>`,
      )
      .join('');
    return `<section id="${escapeHtml(block.type)}"><h3>${escapeHtml(block.type)}</h3><p>${escapeHtml(block.description)}</p>
${rows ? `<table><thead><tr><th>prop</th><th>type</th><th>required</th><th>default</th><th>allowed</th><th>description</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No props.</p>'}
<p>Used in: ${block.usedIn.map((use) => `<code>${escapeHtml(use.route)}</code>`).join(', ') || 'no route yet'}</p>
${block.screenshot ? `<img src="../${escapeHtml(block.screenshot)}" alt="${escapeHtml(block.type)} in the red theme" loading="lazy" width="195">` : `<p>Screenshot: ${escapeHtml(NO_SCREENSHOT)}.</p>`}</section>`;
  });
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>livev3 config reference</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:24px;max-width:960px}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}section{margin-bottom:32px}</style>
<h1>livev3 config reference</h1><p>Generated from the schemas by <code>npm run docs:config</code>.</p>
<h2>Pages</h2><ul>${reference.pages.map((page) => `<li><code>${escapeHtml(page.key)}</code>: ${page.routes.map(escapeHtml).join(', ') || 'not used'}</li>`).join('')}</ul>
<h2>Blocks</h2><p>${screenshotSummary(reference, (type) => `<a href="#${escapeHtml(type)}"><code>${escapeHtml(type)}</code></a>`)}</p>
${sections.join('\n')}</html>\n`;
}
