import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blockRegistry } from '../../src/blocks/registry';
import { screens } from '../../tests/screens';
import { projectRoot } from '../config/check';
import { buildConfigReference, toHtml, toMarkdown, withoutScreenshot } from './config-reference';

const reference = buildConfigReference(projectRoot, screens);

describe('config reference', () => {
  it('documents every registered block, each with a description', () => {
    expect(reference.blocks.map((block) => block.type).sort()).toEqual(Object.keys(blockRegistry).sort());
    expect(reference.blocks.filter((block) => !block.description)).toEqual([]);
  });

  it('names where config uses a block and its props with defaults and allowed values', () => {
    const rank = reference.blocks.find((block) => block.type === 'vote-rank');
    expect(rank?.props).toContainEqual(
      expect.objectContaining({
        name: 'by',
        type: 'enum',
        default: '"players"',
        allowed: '"players", "teams"',
      }),
    );
    const intro = reference.blocks.find((block) => block.type === 'intro');
    expect(intro?.usedIn.map((use) => use.route)).toContain('/pages/home/index');
    expect(intro?.screenshot).toMatch(/__baselines__\/red-default\/home\.png$/);
  });

  it('shows a committed screenshot where a screen shows the block, and lists the blocks without one', () => {
    const shown = reference.blocks.flatMap((block) => (block.screenshot ? [block.screenshot] : []));
    expect(shown.filter((file) => !fs.existsSync(`${projectRoot}/${file}`))).toEqual([]);
    const missing = withoutScreenshot(reference);
    const markdown = toMarkdown(reference);
    expect(markdown).toContain(`${shown.length} of ${reference.blocks.length} blocks`);
    for (const type of missing) expect(markdown).toContain(`\`${type}\``);
  });

  it('is committed as generated, Markdown and HTML (run `npm run docs:config` after changing schemas, config or screens)', () => {
    expect(fs.readFileSync(`${projectRoot}/docs/config-reference.md`, 'utf8')).toBe(toMarkdown(reference));
    expect(fs.readFileSync(`${projectRoot}/docs/config-reference.html`, 'utf8')).toBe(toHtml(reference));
  });
});
