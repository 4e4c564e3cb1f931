/**
 * Promise wrappers for the JS-SDK's image preview and location calls. Each needs a configured SDK (see
 * `configureJsSdk`) whose jsApiList names the call; a failure or cancellation rejects with a WechatError.
 */
import { WechatError } from './errors';
import { getWx } from './js-sdk';
import type { WxCallbacks, WxLocation, WxResult, WxSdk } from './wechat-sdk';

export type Coordinates = { latitude: number; longitude: number; accuracy?: number };

function withWx<T>(run: (wx: WxSdk, callbacks: WxCallbacks<T & WxResult>) => void): Promise<T> {
  const wx = getWx();
  if (!wx) return Promise.reject(new WechatError('sdkUnavailable'));
  return new Promise<T>((resolve, reject) => {
    run(wx, {
      success: (result) => resolve(result),
      fail: (result) => reject(new WechatError('apiFailed', result.errMsg)),
      cancel: (result) => reject(new WechatError('apiFailed', result.errMsg)),
    });
  });
}

export async function previewImage(urls: string[], current: string = urls[0] ?? ''): Promise<void> {
  await withWx<object>((wx, callbacks) => wx.previewImage({ current, urls, ...callbacks }));
}

/** WGS-84 by default; pass 'gcj02' for coordinates that openLocation (Tencent maps) expects. */
export async function getLocation(type: 'wgs84' | 'gcj02' = 'gcj02'): Promise<Coordinates> {
  const result = await withWx<WxLocation>((wx, callbacks) => wx.getLocation({ type, ...callbacks }));
  return {
    latitude: Number(result.latitude),
    longitude: Number(result.longitude),
    accuracy: result.accuracy,
  };
}

export type MapLocation = {
  latitude: number;
  longitude: number;
  name?: string;
  address?: string;
  scale?: number;
};

export async function openLocation(location: MapLocation): Promise<void> {
  await withWx<object>((wx, callbacks) => wx.openLocation({ scale: 16, ...location, ...callbacks }));
}
