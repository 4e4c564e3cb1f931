/**
 * Organiser HTML (the image-text introduction) is sanitized before it is rendered: an allow-list of text, list,
 * heading, link and image elements; no scripts, styles, frames, forms or event handlers, and only http(s), relative
 * or mailto/tel URLs (DOMPurify drops javascript: and data: ones). Links open outside the app.
 */
import DOMPurify from 'dompurify';

const ALLOWED_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'span',
  'ul',
  'ol',
  'li',
  'blockquote',
  'hr',
  'a',
  'img',
  'figure',
  'figcaption',
];
const ALLOWED_ATTR = ['href', 'title', 'src', 'alt', 'width', 'height'];
const SAFE_URL = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

let hooked = false;

/**
 * The last results, by input. A page renders the same rich text more than once before it shows: React restarts a
 * render that newer data interrupts and drops what the unfinished one memoised, and each DOMPurify pass over an
 * event's image-text costs milliseconds on a phone.
 */
const sanitized = new Map<string, string>();
const REMEMBERED = 16;

export function sanitizeHtml(html: string): string {
  const known = sanitized.get(html);
  if (known !== undefined) return known;
  const clean = purify(html);
  if (sanitized.size >= REMEMBERED) sanitized.delete(sanitized.keys().next().value as string);
  sanitized.set(html, clean);
  return clean;
}

function purify(html: string): string {
  const purify = DOMPurify;
  if (!hooked) {
    purify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return purify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: [...ALLOWED_ATTR, 'target', 'rel'],
    ALLOWED_URI_REGEXP: SAFE_URL,
    ALLOW_DATA_ATTR: false,
  });
}
