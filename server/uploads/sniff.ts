/**
 * The content type of an upload, read from its first bytes (never from the name or the client's header), limited to
 * the images and videos the app uploads. Anything else (HTML, SVG, scripts, archives) is refused.
 */
export type Sniffed = { mime: string; kind: 'image' | 'video'; ext: string };

const ascii = (head: Buffer, from: number, to: number) => head.subarray(from, to).toString('latin1');

export function sniff(head: Buffer): Sniffed | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { mime: 'image/jpeg', kind: 'image', ext: 'jpg' };
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return { mime: 'image/png', kind: 'image', ext: 'png' };
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a')
    return { mime: 'image/gif', kind: 'image', ext: 'gif' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP')
    return { mime: 'image/webp', kind: 'image', ext: 'webp' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'AVI ')
    return { mime: 'video/x-msvideo', kind: 'video', ext: 'avi' };
  if (ascii(head, 0, 2) === 'BM' && head.length >= 14)
    return { mime: 'image/bmp', kind: 'image', ext: 'bmp' };
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1'].includes(brand))
      return { mime: 'image/heic', kind: 'image', ext: 'heic' };
    if (brand === 'avif') return { mime: 'image/avif', kind: 'image', ext: 'avif' };
    if (brand === 'qt  ') return { mime: 'video/quicktime', kind: 'video', ext: 'mov' };
    if (brand.startsWith('3g')) return { mime: 'video/3gpp', kind: 'video', ext: '3gp' };
    return { mime: 'video/mp4', kind: 'video', ext: 'mp4' };
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) {
    // Matroska and WebM share the EBML header; the doc type says which.
    return head.includes(Buffer.from('webm'))
      ? { mime: 'video/webm', kind: 'video', ext: 'webm' }
      : { mime: 'video/x-matroska', kind: 'video', ext: 'mkv' };
  }
  if (ascii(head, 0, 3) === 'FLV') return { mime: 'video/x-flv', kind: 'video', ext: 'flv' };
  if (head.length >= 4 && head.readUInt32BE(0) === 0x000001ba)
    return { mime: 'video/mpeg', kind: 'video', ext: 'mpg' };
  if (head.length >= 189 && head[0] === 0x47 && head[188] === 0x47)
    return { mime: 'video/mp2t', kind: 'video', ext: 'ts' };
  return null;
}
