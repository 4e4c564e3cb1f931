import './texts';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useAppNavigate } from '../../lib/navigation';
import { setupJsSdk } from '../../lib/wechat/setup';
import type { WxSdk } from '../../lib/wechat/wechat-sdk';
import { isWeChat } from '../../lib/wechat/user-agent';
import { Field } from '../../ui/field/Field';
import { button } from '../../ui/button/button.css';
import { input } from '../../ui/field/Field.css';
import { card, note } from '../../ui/card/card.css';
import { actions, codeRow, grow, heading } from './page.css';
import { value } from './DiagnosticsPage.css';
import { cover } from './FavouritesPage.css';
import { qrDetector, type Detector } from './qr-decoder';

type ScanSdk = WxSdk & {
  scanQRCode?(options: {
    needResult: 1;
    scanType: string[];
    success(result: { resultStr: string }): void;
    fail(): void;
  }): void;
};

/** The in-app route of a scanned link of this app (same origin and app path), or null for anything else. */
function appRoute(text: string, here: string = window.location.href): string | null {
  try {
    const url = new URL(text);
    const base = new URL(here);
    if (url.origin !== base.origin || url.pathname !== base.pathname || !url.hash.startsWith('#/'))
      return null;
    return url.hash.slice(1);
  } catch {
    return null;
  }
}

/**
 * Scan (no login): WeChat's scanQRCode inside WeChat; elsewhere the camera through the browser's BarcodeDetector
 * where it exists or jsQR loaded on demand (qr-decoder.ts), a picture as the fallback, and a link scanned elsewhere
 * typed or pasted. A link of this app opens in the app; anything else is shown as text, never followed.
 */
export function ScanPage() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [result, setResult] = useState('');
  const [message, setMessage] = useState('');
  const [scanning, setScanning] = useState(false);
  const [link, setLink] = useState('');
  const detector = useRef<Detector | null>(null);

  const stop = () => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    setScanning(false);
  };
  useEffect(() => stop, []);

  const found = (text: string) => {
    stop();
    const route = appRoute(text);
    if (route) {
      const [path, query = ''] = route.split('?');
      navigate(path, Object.fromEntries(new URLSearchParams(query)));
      return;
    }
    setResult(text);
  };

  const wechatScan = async () => {
    try {
      const wx = (await setupJsSdk()) as ScanSdk;
      wx.scanQRCode?.({
        needResult: 1,
        scanType: ['qrCode'],
        success: (answer) => found(answer.resultStr),
        fail: () => setMessage(t('account.scan.noCode')),
      });
    } catch {
      setMessage(t('account.scan.noCamera'));
    }
  };

  const cameraScan = async () => {
    if (!navigator.mediaDevices?.getUserMedia) return setMessage(t('account.scan.noCamera'));
    detector.current = qrDetector();
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
    } catch {
      return setMessage(t('account.scan.noCamera'));
    }
    setScanning(true);
    setMessage(t('account.scan.scanning'));
    const element = video.current;
    if (!element) return;
    element.srcObject = stream.current;
    await element.play().catch(() => {});
    const tick = async () => {
      if (!stream.current || !detector.current) return;
      const codes = await detector.current.detect(element).catch(() => []);
      if (codes[0]) found(codes[0].rawValue);
      else requestAnimationFrame(() => void tick());
    };
    void tick();
  };

  /** A link scanned elsewhere (another scanner, a chat), typed or pasted: treated like a scanned one. */
  const openLink = (event: FormEvent) => {
    event.preventDefault();
    const text = link.trim();
    if (text) found(text);
  };

  const pictureScan = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const codes = await qrDetector()
      .detect(await createImageBitmap(file))
      .catch(() => []);
    if (codes[0]) found(codes[0].rawValue);
    else setMessage(t('account.scan.noCode'));
  };

  return (
    <section className={card} aria-labelledby="scan-heading">
      <h2 id="scan-heading" className={heading}>
        {t('account.scan.title')}
      </h2>
      <div className={actions}>
        {isWeChat() ? (
          <button type="button" className={button({ block: true })} onClick={() => void wechatScan()}>
            {t('account.scan.wechat')}
          </button>
        ) : scanning ? (
          <button type="button" className={button({ tone: 'secondary', block: true })} onClick={stop}>
            {t('account.scan.stop')}
          </button>
        ) : (
          <button type="button" className={button({ block: true })} onClick={() => void cameraScan()}>
            {t('account.scan.start')}
          </button>
        )}
      </div>
      <video ref={video} className={cover} hidden={!scanning} muted playsInline />
      <Field label={t('account.scan.upload')}>
        {(control) => (
          <input
            {...control}
            className={input()}
            type="file"
            accept="image/*"
            onChange={(e) => void pictureScan(e)}
          />
        )}
      </Field>
      <form onSubmit={openLink} noValidate>
        <Field label={t('account.scan.link')}>
          {(control) => (
            <div className={codeRow}>
              <input
                {...control}
                className={`${input()} ${grow}`}
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder={t('account.scan.linkPlaceholder')}
                value={link}
                onChange={(event) => setLink(event.target.value)}
              />
              <button type="submit" className={button({ tone: 'secondary', size: 'sm' })}>
                {t('account.scan.openLink')}
              </button>
            </div>
          )}
        </Field>
      </form>
      {message ? <p role="status">{message}</p> : null}
      {result ? (
        <div role="region" aria-label={t('account.scan.result')}>
          <p className={note}>{t('account.scan.notApp')}</p>
          <p className={value}>{result}</p>
        </div>
      ) : null}
    </section>
  );
}
