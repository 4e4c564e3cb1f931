/**
 * The viewer's position for a check-in: the WeChat JS-SDK inside WeChat (WGS-84, the coordinates the server compares
 * with), navigator.geolocation elsewhere. Refusals come back as 'denied' so the screen can say how to allow it.
 */
import { getLocation } from '../../lib/wechat/media';
import { getWx } from '../../lib/wechat/js-sdk';
import { isWeChat } from '../../lib/wechat/user-agent';

export type Position = { latitude: number; longitude: number };
export class LocationError extends Error {
  constructor(readonly reason: 'denied' | 'unavailable') {
    super(reason);
  }
}

export async function currentPosition(): Promise<Position> {
  if (isWeChat() && getWx()) {
    try {
      const { latitude, longitude } = await getLocation('wgs84');
      return { latitude, longitude };
    } catch (error) {
      throw new LocationError(/deny|auth/i.test(String((error as Error).message)) ? 'denied' : 'unavailable');
    }
  }
  if (!('geolocation' in navigator)) throw new LocationError('unavailable');
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => reject(new LocationError(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable')),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}
