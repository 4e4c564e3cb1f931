/**
 * Block registry: config `blocks[].type` -> component. A block is its folder, src/blocks/<type>/, and its props schema,
 * schemas/blocks/<type>.schema.json (a test keeps the two lists equal). The folder's block.ts declares it:
 *
 *   export default defineBlock({ type: 'vote-rank', group: 'vote', load: () => import('./VoteRank').then((m) => m.VoteRank) });
 *
 * (`component: VoteRank`, imported, when its code ships with its group's chunk). `npm run blocks:gen` writes the tables
 * this reads, the groups' tables and the props types from the folders and the schemas; src/blocks/groups.ts says how
 * each group loads.
 */
import { deferred } from './deferred';
import { blockGroups } from './groups';
import { blocks as firstLoad, groupOf } from './registry.gen';
import { lazyBlock, type BlockComponent, type BlockType, type LoadedGroup } from './types';

/** Any block's declaration, its component's props no longer told apart. */
type Declaration = { type: string } & (
  { component: BlockComponent } | { load: () => Promise<BlockComponent> }
);

const loadComponent = (declaration: Declaration): Promise<BlockComponent> =>
  'component' in declaration ? Promise.resolve(declaration.component) : declaration.load();

function firstLoadBlock(declaration: Declaration): BlockComponent {
  return 'component' in declaration ? declaration.component : lazyBlock(declaration.load);
}

function groupBlock(type: BlockType, group: LoadedGroup): BlockComponent {
  const { load, deferred: belowTheFold } = blockGroups[group];
  const component = () =>
    load().then(({ blocks }) => {
      const declaration: Declaration | undefined = blocks[type];
      if (!declaration) throw new Error(`block "${type}" is not in the ${group} group's table`);
      return loadComponent(declaration);
    });
  return belowTheFold ? deferred(component) : lazyBlock(component);
}

export const blockRegistry: Record<string, BlockComponent> = {
  ...Object.fromEntries(
    Object.values(firstLoad).map((declaration: Declaration) => [
      declaration.type,
      firstLoadBlock(declaration),
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(groupOf).map(([type, group]) => [type, groupBlock(type as BlockType, group)]),
  ),
};
