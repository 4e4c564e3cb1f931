/**
 * One contest's ranking held in order (votes desc, number asc): sorted blocks of players, so a player's place, the
 * players at any place and a move after a vote each cost a few thousand steps at most, with a million players.
 */

/** Where a player stands: its votes and its number (the tie order). */
export type RankKey = { votes: number; number: number };
export type RankedPlayer = RankKey & { id: number };

/** The rank order: more votes first, then the lower number. */
export const compareRank = (a: RankKey, b: RankKey): number => b.votes - a.votes || a.number - b.number;

/** Blocks are split beyond twice this size; a block holds one run of the order. */
const BLOCK = 512;

/** The first index of `list` whose entry is not before `key` (binary search). */
function lowerBound(list: readonly RankKey[], key: RankKey): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareRank(list[mid], key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class RankList {
  private blocks: RankedPlayer[][] = [];
  private readonly byId = new Map<number, RankedPlayer>();

  /** From players already in rank order. */
  static from(sorted: readonly RankedPlayer[]): RankList {
    const list = new RankList();
    for (let start = 0; start < sorted.length; start += BLOCK) {
      const block = sorted.slice(start, start + BLOCK).map((player) => ({ ...player }));
      list.blocks.push(block);
      for (const player of block) list.byId.set(player.id, player);
    }
    return list;
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: number): RankedPlayer | undefined {
    return this.byId.get(id);
  }

  /** The block holding `key`'s place: the first whose last entry is not before it. */
  private blockOf(key: RankKey): number {
    let lo = 0;
    let hi = this.blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const block = this.blocks[mid];
      if (compareRank(block[block.length - 1], key) < 0) lo = mid + 1;
      else hi = mid;
    }
    return Math.min(lo, this.blocks.length - 1);
  }

  /** How many players stand before `key` (its 0-based place, were a player there). */
  positionOf(key: RankKey): number {
    if (this.blocks.length === 0) return 0;
    const index = this.blockOf(key);
    let before = 0;
    for (let i = 0; i < index; i++) before += this.blocks[i].length;
    return before + lowerBound(this.blocks[index], key);
  }

  /** `count` players from the 0-based place `offset` on. */
  slice(offset: number, count: number): RankedPlayer[] {
    const out: RankedPlayer[] = [];
    let skip = offset;
    for (const block of this.blocks) {
      if (out.length >= count) break;
      if (skip >= block.length) {
        skip -= block.length;
        continue;
      }
      for (let i = skip; i < block.length && out.length < count; i++) out.push({ ...block[i] });
      skip = 0;
    }
    return out;
  }

  /** Adds a player, or moves one to its new votes (never fewer than known: a late, older count changes nothing). */
  place(player: RankedPlayer): void {
    const known = this.byId.get(player.id);
    if (known && known.votes >= player.votes && known.number === player.number) return;
    if (known) this.remove(known);
    const entry = { ...player };
    this.byId.set(entry.id, entry);
    if (this.blocks.length === 0) {
      this.blocks.push([entry]);
      return;
    }
    const index = this.blockOf(entry);
    const block = this.blocks[index];
    block.splice(lowerBound(block, entry), 0, entry);
    if (block.length > BLOCK * 2) this.blocks.splice(index, 1, block.slice(0, BLOCK), block.slice(BLOCK));
  }

  private remove(entry: RankedPlayer): void {
    this.byId.delete(entry.id);
    const index = this.blockOf(entry);
    const block = this.blocks[index];
    let at = lowerBound(block, entry);
    while (at < block.length && block[at].id !== entry.id) at++;
    if (at === block.length) throw new Error(`rank list: player ${entry.id} is not where its votes place it`);
    block.splice(at, 1);
    if (block.length === 0) this.blocks.splice(index, 1);
  }
}
