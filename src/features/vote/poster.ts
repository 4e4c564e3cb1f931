/**
 * The player poster drawn on a canvas and handed back as a PNG data URL, shown in an <img> so the viewer can
 * long-press it to save or forward (WeChat's browser offers that on images, not on canvases). Colours come from the
 * current theme's CSS variables, so the poster follows the theme like the page does.
 */
export type PosterContent = {
  contestTitle: string;
  playerName: string;
  /** Text lines under the name (number, votes and rank, the call to scan), in the viewer's language. */
  lines: string[];
  photoUrl: string;
  qrUrl: string;
};

export type PosterColors = {
  background: string;
  /** Text drawn straight on the background (the contest title). */
  onBackground: string;
  surface: string;
  text: string;
  muted: string;
  accent: string;
};

/**
 * Drawing geometry in canvas pixels (a 2x phone-width image). It is the picture's own coordinate system, not page
 * styling, so it lives here rather than in the theme tokens.
 */
const LAYOUT = {
  width: 750,
  height: 1200,
  margin: 40,
  photoHeight: 680,
  qrSize: 200,
  titleFont: 'bold 40px sans-serif',
  nameFont: 'bold 48px sans-serif',
  lineFont: '30px sans-serif',
  smallFont: '26px sans-serif',
  lineHeight: 48,
  maxLines: 4,
} as const;

/** Resolves `var(--x)` (a vanilla-extract contract value) against the themed document element. */
export function resolveCssColor(value: string, element: Element = document.documentElement): string {
  const match = /^var\((--[^),]+)/.exec(value);
  if (!match) return value;
  return getComputedStyle(element).getPropertyValue(match[1]).trim() || value;
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    // Without CORS a cross-origin photo would taint the canvas and toDataURL would throw.
    image.crossOrigin = 'anonymous';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`poster image failed to load: ${url}`));
    image.src = url;
  });
}

/** Draws `image` to fill the box, cropping the overflow (CSS object-fit: cover). */
function drawCover(
  context: CanvasRenderingContext2D,
  image: HTMLImageElement,
  x: number,
  y: number,
  width: number,
  height: number,
) {
  const scale = Math.max(width / image.naturalWidth, height / image.naturalHeight);
  const sourceWidth = width / scale;
  const sourceHeight = height / scale;
  context.drawImage(
    image,
    (image.naturalWidth - sourceWidth) / 2,
    (image.naturalHeight - sourceHeight) / 2,
    sourceWidth,
    sourceHeight,
    x,
    y,
    width,
    height,
  );
}

/** Shortens `text` with an ellipsis until it fits `maxWidth`. */
export function fitText(measure: (text: string) => number, text: string, maxWidth: number): string {
  if (measure(text) <= maxWidth) return text;
  let shortened = text;
  while (shortened.length > 0 && measure(`${shortened}…`) > maxWidth) shortened = shortened.slice(0, -1);
  return `${shortened}…`;
}

export async function drawPoster(content: PosterContent, colors: PosterColors): Promise<string> {
  const [photo, qr] = await Promise.all([loadImage(content.photoUrl), loadImage(content.qrUrl)]);
  const canvas = document.createElement('canvas');
  canvas.width = LAYOUT.width;
  canvas.height = LAYOUT.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas 2d context unavailable');
  const { width, margin, photoHeight, qrSize } = LAYOUT;
  const inner = width - margin * 2;
  const measure = (text: string) => context.measureText(text).width;

  context.fillStyle = colors.background;
  context.fillRect(0, 0, width, LAYOUT.height);

  context.fillStyle = colors.onBackground;
  context.font = LAYOUT.titleFont;
  context.textBaseline = 'top';
  context.fillText(fitText(measure, content.contestTitle, inner), margin, margin);

  const photoTop = margin + 70;
  drawCover(context, photo, margin, photoTop, inner, photoHeight);

  const infoTop = photoTop + photoHeight + 30;
  context.fillStyle = colors.surface;
  context.fillRect(margin, infoTop, inner, LAYOUT.height - infoTop - margin);

  const textLeft = margin + 24;
  const textWidth = inner - qrSize - 72;
  context.fillStyle = colors.text;
  context.font = LAYOUT.nameFont;
  context.fillText(fitText(measure, content.playerName, textWidth), textLeft, infoTop + 30);
  // The last line is the call to scan, in a quieter style; the others are facts in the accent colour.
  content.lines.slice(0, LAYOUT.maxLines).forEach((line, index, lines) => {
    const last = index === lines.length - 1 && lines.length > 1;
    context.font = last ? LAYOUT.smallFont : LAYOUT.lineFont;
    context.fillStyle = last ? colors.muted : colors.accent;
    context.fillText(fitText(measure, line, textWidth), textLeft, infoTop + 100 + index * LAYOUT.lineHeight);
  });

  context.drawImage(qr, width - margin - qrSize - 24, infoTop + 24, qrSize, qrSize);
  return canvas.toDataURL('image/png');
}
