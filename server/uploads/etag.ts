/**
 * Qiniu's file hash ("etag"), so a stored file carries the same hash Qiniu would give it: the file in 4 MB blocks,
 * SHA-1 of each; one block -> 0x16 + sha1(block), more -> 0x96 + sha1(sha1(block1) + sha1(block2) + ...), the
 * 21 bytes in url-safe base64.
 */
import crypto from 'node:crypto';
import { urlSafeBase64 } from './token.ts';

export const ETAG_BLOCK = 4 * 1024 * 1024;

export class QiniuEtag {
  private blockHashes: Buffer[] = [];
  private block = crypto.createHash('sha1');
  private inBlock = 0;

  update(data: Buffer): this {
    let offset = 0;
    while (offset < data.length) {
      const take = Math.min(ETAG_BLOCK - this.inBlock, data.length - offset);
      this.block.update(data.subarray(offset, offset + take));
      this.inBlock += take;
      offset += take;
      if (this.inBlock === ETAG_BLOCK) {
        this.blockHashes.push(this.block.digest());
        this.block = crypto.createHash('sha1');
        this.inBlock = 0;
      }
    }
    return this;
  }

  digest(): string {
    if (this.inBlock > 0 || this.blockHashes.length === 0) this.blockHashes.push(this.block.digest());
    if (this.blockHashes.length === 1)
      return urlSafeBase64(Buffer.concat([Buffer.from([0x16]), this.blockHashes[0]!]));
    const outer = crypto.createHash('sha1');
    for (const hash of this.blockHashes) outer.update(hash);
    return urlSafeBase64(Buffer.concat([Buffer.from([0x96]), outer.digest()]));
  }
}
