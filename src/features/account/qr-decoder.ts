/**
 * QR codes from the camera or a picture outside WeChat: the browser's own BarcodeDetector where it exists (Chrome on
 * Android), otherwise jsQR, loaded only when a scan starts (iOS Safari, Firefox and desktop Chromium have no
 * detector). Both answer the BarcodeDetector shape, so the scan page has one code path.
 */
export type Detector = {
  detect(source: CanvasImageSource | ImageBitmap): Promise<Array<{ rawValue: string }>>;
};
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** The text of the QR code in RGBA pixels (ImageData's layout), or null. */
export async function decodeRgba(
  data: Uint8ClampedArray,
  width: number,
  height: number,
): Promise<string | null> {
  const { default: jsQR } = await import('jsqr');
  return jsQR(data, width, height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

function sizeOf(source: CanvasImageSource | ImageBitmap): { width: number; height: number } {
  if (source instanceof HTMLVideoElement) return { width: source.videoWidth, height: source.videoHeight };
  if (source instanceof HTMLImageElement) return { width: source.naturalWidth, height: source.naturalHeight };
  const { width, height } = source as {
    width: number | SVGAnimatedLength;
    height: number | SVGAnimatedLength;
  };
  return {
    width: typeof width === 'number' ? width : width.baseVal.value,
    height: typeof height === 'number' ? height : height.baseVal.value,
  };
}

/** A detector that draws each frame or picture onto a canvas and decodes its pixels with jsQR. */
function canvasDetector(): Detector {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    async detect(source) {
      const { width, height } = sizeOf(source);
      if (!context || width === 0 || height === 0) return [];
      canvas.width = width;
      canvas.height = height;
      context.drawImage(source, 0, 0, width, height);
      const text = await decodeRgba(context.getImageData(0, 0, width, height).data, width, height);
      return text === null ? [] : [{ rawValue: text }];
    },
  };
}

export function qrDetector(): Detector {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  return Native ? new Native({ formats: ['qr_code'] }) : canvasDetector();
}
