/**
 * Every in-app link carries the video token, any extra data, the inviteId and the locale, so a shared
 * or reloaded page keeps its event, its inviter and its language.
 */
import { useNavigate } from 'react-router-dom';
import { useCallback } from 'react';
import { launchParams, launchStore, type LaunchData } from './launch';

/** The channel the current page belongs to (its `channelToken`), carried into every link like the video token. */
export function currentChannelToken(): string {
  return typeof window === 'undefined' ? '' : (launchParams(window.location.href).get('channelToken') ?? '');
}

export type ExtraData = Record<string, string | number | boolean | undefined | null>;

export function buildPath(
  path: string,
  extra: ExtraData = {},
  launch: LaunchData = launchStore.get(),
  channelToken: string = currentChannelToken(),
): string {
  const [pathname, existing = ''] = path.split('?');
  const params = new URLSearchParams(existing);
  if (launch.videoToken && !params.has('token')) params.set('token', launch.videoToken);
  if (channelToken && !params.has('channelToken')) params.set('channelToken', channelToken);
  for (const [key, value] of Object.entries(extra)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  if (launch.inviteId) params.set('inviteId', launch.inviteId);
  params.set('locale', launch.locale);
  return `${pathname}?${params.toString()}`;
}

export function useAppNavigate() {
  const navigate = useNavigate();
  return useCallback((path: string, extra?: ExtraData) => navigate(buildPath(path, extra)), [navigate]);
}
