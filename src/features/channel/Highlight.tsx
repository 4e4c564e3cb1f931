import * as styles from './Highlight.css';

/** Splits `text` around case-insensitive (and full-width folded) matches of `keyword`, as the server matched them. */
export function highlightParts(text: string, keyword: string): { text: string; match: boolean }[] {
  const key = keyword.normalize('NFKC').toLowerCase().trim();
  if (!key) return [{ text, match: false }];
  const chars = Array.from(text);
  const folded = chars.map((char) => char.normalize('NFKC').toLowerCase());
  const needle = Array.from(key);
  const parts: { text: string; match: boolean }[] = [];
  let plain = '';
  for (let i = 0; i < chars.length;) {
    const hit = needle.every((char, offset) => folded[i + offset] === char);
    if (hit) {
      if (plain) parts.push({ text: plain, match: false });
      plain = '';
      parts.push({ text: chars.slice(i, i + needle.length).join(''), match: true });
      i += needle.length;
    } else {
      plain += chars[i];
      i += 1;
    }
  }
  if (plain) parts.push({ text: plain, match: false });
  return parts;
}

/** The title with the searched keyword marked. */
export function Highlight({ text, keyword }: { text: string; keyword: string }) {
  return (
    <>
      {highlightParts(text, keyword).map((part, index) =>
        part.match ? (
          <mark key={index} className={styles.highlight}>
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
