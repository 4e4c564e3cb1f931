import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './config/check';
import { CONFIG_ROOT_ENV, configRoot, configRootPlugin } from './config-root';

type ResolveId = (source: string, importer?: string) => string | null;
const resolverFor = (root: string) => configRootPlugin(root).resolveId as unknown as ResolveId;
const themesCss = path.join(projectRoot, 'src/themes/themes.css.ts');

describe('config root', () => {
  it('is the project unless LIVEV3_CONFIG_ROOT names another folder', () => {
    expect(configRoot({})).toBe(projectRoot);
    expect(configRoot({ [CONFIG_ROOT_ENV]: '/tmp/studio-copy' })).toBe('/tmp/studio-copy');
  });

  it("points config and theme imports at the root's files, and nothing else", () => {
    const resolve = resolverFor('/tmp/studio-copy');
    expect(resolve('../../themes/red.json', themesCss)).toBe('/tmp/studio-copy/themes/red.json');
    expect(resolve('../../config/app.json', path.join(projectRoot, 'src/engine/config.ts'))).toBe(
      '/tmp/studio-copy/config/app.json',
    );
    expect(resolve('./locales/en.json', path.join(projectRoot, 'src/features/chat/messages.ts'))).toBeNull();
    expect(resolve('./tokens', themesCss)).toBeNull();
  });

  it('changes nothing at the project root', () => {
    expect(resolverFor(projectRoot)('../../themes/red.json', themesCss)).toBeNull();
  });
});
