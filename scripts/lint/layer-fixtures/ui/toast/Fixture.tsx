// @ts-nocheck -- a layer fixture: scripts/lint-layers.test.ts lints it at its place in src/, where its imports resolve.
import { toast } from './toast';
import { i18n } from '../../lib/i18n';
import { appConfig } from '../../engine/config';
import { colorTokens } from '../../themes/tokens';
import { useVideo } from '../../features/video/store'; // fails: src/ui, src/engine and src/themes
import { BlockList } from '../../blocks/BlockList'; // fails: src/ui, src/engine and src/themes

export const Fixture = () => <BlockList blocks={[]} />;
