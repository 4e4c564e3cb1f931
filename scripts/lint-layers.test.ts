/**
 * The layer rules of eslint.config.js, on small source texts at virtual paths: each layer-breaking import fails the
 * lint with the layers' message, each allowed one passes. Only the texts are linted, so this stays fast.
 */
import { describe, expect, it } from 'vitest';
import { ruleMessages } from './lint/lint-text';

const layerErrors = (filePath: string, code: string) =>
  ruleMessages(filePath, code, ['no-restricted-imports', 'no-restricted-syntax']);

describe('lint: layers', () => {
  it.each([
    ['src/lib/x.ts', "import { toast } from '../ui/toast/toast';", 'src/lib'],
    ['src/lib/wechat/x.ts', "import { payFor } from '../../features/payment';", 'src/lib'],
    ['src/ui/x/X.tsx', "import { videoStore } from '../../features/video/store';", 'src/ui'],
    ['src/features/gift/x.ts', "import { card } from '../../blocks/x/X';", 'A feature may not import blocks'],
    ['src/features/account/x.ts', "import { PagedSource } from '../vote/internal';", 'features/account'],
    [
      'src/features/account/x.ts',
      "import { PagedSource } from '../../features/vote/paged';",
      'features/vote',
    ],
    ['src/features/account/x.ts', "const vote = () => import('../vote/ContestHome');", 'features/vote'],
    ['src/features/chat/x.ts', "import { shop } from '../shop/api';", 'features/shop'],
    ['src/features/gift/x.ts', "import { chatStore } from '../chat/room';", 'features/chat'],
    ['src/features/vote/x.ts', "import { store } from '../video/internal/store';", 'shared feature'],
    [
      'src/blocks/x/X.tsx',
      "import zhCN from '../../features/account/locales/zh-CN.json';",
      'top-level module',
    ],
    ['src/pages/x/X.tsx', "import { a } from '../../features/vote/internal/a';", 'top-level module'],
    ['src/pages/x/X.tsx', "import { App } from '../../app/App';", 'may not import app'],
  ])('%s: %s fails', async (filePath, code, message) => {
    const errors = await layerErrors(filePath, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each([
    ['src/lib/x.ts', "import { api } from './api';"],
    ['src/ui/x/X.tsx', "import { i18n } from '../../lib/i18n';"],
    ['src/features/episodes/x.ts', "import { videoStore } from '../video/store';"],
    ['src/features/access/x.ts', "import { payFor } from '../payment';"],
    ['src/features/shop/x.ts', "const pay = () => import('../payment/pay');"],
    ['src/features/gift/x.ts', "import { useChatPayment } from '../chat/use-chat-payment';"],
    ['src/features/chat/x.ts', "const popup = () => import('../gift/GiftPopup');"],
    ['src/features/vote/x.ts', "import { toast } from '../../ui/toast/toast';"],
    ['src/blocks/x/X.tsx', "import { ContestHome } from '../../features/vote/ContestHome';"],
    ['src/pages/x/X.tsx', "import { BlockList } from '../../blocks/BlockList';"],
  ])('%s: %s passes', async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([]);
  });
});
