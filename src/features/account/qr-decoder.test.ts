import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { decodeRgba } from './qr-decoder';

/** A QR code drawn as RGBA pixels, `scale` pixels a module, with the standard four-module quiet zone. */
function qrPixels(text: string, scale = 4) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = (modules.size + 8) * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let row = 0; row < modules.size; row++)
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(row, column)) continue;
      for (let y = 0; y < scale; y++)
        for (let x = 0; x < scale; x++) {
          const offset = (((row + 4) * scale + y) * size + (column + 4) * scale + x) * 4;
          data.fill(0, offset, offset + 3);
        }
    }
  return { data, width: size, height: size };
}

describe('decodeRgba (jsQR, where the browser has no BarcodeDetector)', () => {
  it('reads the link of a QR code', async () => {
    const link = 'https://live.example/livev3/#/pages/home/index?token=demo';
    const { data, width, height } = qrPixels(link);
    expect(await decodeRgba(data, width, height)).toBe(link);
  });

  it('answers null for a picture without a code', async () => {
    const blank = new Uint8ClampedArray(64 * 64 * 4).fill(255);
    expect(await decodeRgba(blank, 64, 64)).toBeNull();
  });
});
