/**
 * Makes the showcase channel's committed demo images (server/media/showcase, served by the streams routes as public
 * .jpg files under /streams/vod/showcase/): the cover (750x280 at 2x), the logo (128x128, shown round) and the
 * official account's QR code, drawn in HTML and saved as JPEG by Debian's Chromium, so nothing is downloaded. The QR
 * code encodes the official account's (demo) link, not the channel's: scanning it leads somewhere else than the
 * channel QR. Run: `node --import tsx scripts/make-channel-images.ts`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import QRCode from 'qrcode';
import { page, saveJpegs } from './draw-jpegs.ts';

export const OFFICIAL_ACCOUNT_LINK = 'http://weixin.qq.com/r/livev3-official-demo';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server/media/showcase');

const cover = page(
  750,
  280,
  `<div style="position:relative;width:750px;height:280px;overflow:hidden;
    background:radial-gradient(120% 140% at 80% 0%, #ff8a65 0%, #d84315 35%, #6a1b1a 75%, #2b0b0b 100%)">
    ${[
      [560, -80, 360, 0.18],
      [640, 120, 240, 0.14],
      [90, 170, 300, 0.1],
      [300, -140, 260, 0.08],
    ]
      .map(
        ([x, y, size, alpha]) =>
          `<div style="position:absolute;left:${x}px;top:${y}px;width:${size}px;height:${size}px;border-radius:50%;
            border:2px solid rgba(255,255,255,${alpha});box-shadow:0 0 60px rgba(255,214,170,${alpha})"></div>`,
      )
      .join('')}
    ${Array.from(
      { length: 6 },
      (_, i) =>
        `<div style="position:absolute;left:${60 + i * 120}px;top:-40px;width:46px;height:360px;
          transform:rotate(${-18 + i * 7}deg);transform-origin:top;
          background:linear-gradient(180deg, rgba(255,236,179,0.22), rgba(255,236,179,0))"></div>`,
    ).join('')}
    <div style="position:absolute;left:0;right:0;bottom:0;height:120px;
      background:linear-gradient(180deg, rgba(0,0,0,0), rgba(0,0,0,0.35))"></div>
    <div style="position:absolute;right:36px;top:30px;color:#fff;text-align:right">
      <div style="font-size:44px;font-weight:800;letter-spacing:2px">LIVE · 2026</div>
      <div style="font-size:20px;opacity:.85;margin-top:4px">发布会 · 峰会 · 训练营</div>
    </div>
  </div>`,
);

const logo = page(
  128,
  128,
  `<div style="width:128px;height:128px;display:flex;align-items:center;justify-content:center;
    background:linear-gradient(135deg, #ff7043, #c62828)">
    <div style="width:0;height:0;margin-left:10px;border-top:30px solid transparent;border-bottom:30px solid transparent;
      border-left:46px solid #fff;filter:drop-shadow(0 2px 4px rgba(0,0,0,.25))"></div>
  </div>`,
);

async function officialQr(): Promise<string> {
  const svg = await QRCode.toString(OFFICIAL_ACCOUNT_LINK, {
    type: 'svg',
    errorCorrectionLevel: 'H',
    margin: 2,
    color: { dark: '#1b2b4b', light: '#ffffff' },
  });
  return page(
    360,
    360,
    `<div style="position:relative;width:360px;height:360px;background:#fff">
      <div style="width:360px;height:360px">${svg.replace('<svg ', '<svg width="360" height="360" ')}</div>
      <div style="position:absolute;left:144px;top:144px;width:72px;height:72px;border-radius:16px;background:#fff;
        display:flex;align-items:center;justify-content:center">
        <div style="width:60px;height:60px;border-radius:12px;background:#07c160;color:#fff;font-size:16px;
          font-weight:800;display:flex;align-items:center;justify-content:center;white-space:nowrap">公众号</div>
      </div>
    </div>`,
  );
}

await saveJpegs(out, [
  { file: 'cover.jpg', html: cover, width: 750, height: 280 },
  { file: 'logo.jpg', html: logo, width: 128, height: 128 },
  { file: 'official-qrcode.jpg', html: await officialQr(), width: 360, height: 360, quality: 92 },
]);
