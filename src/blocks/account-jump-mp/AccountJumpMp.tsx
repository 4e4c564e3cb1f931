import { useEffect } from 'react';
import { JumpMiniProgram } from '../../features/account/JumpMiniProgram';
import { setupJsSdk } from '../../lib/wechat/setup';
import { isWeChat } from '../../lib/wechat/user-agent';
import type { BlockProps } from '../types';

/**
 * Open the configured mini program (open tag in WeChat 7.0.12+, else its code to scan and a copy-link fallback).
 * Inside WeChat the page configures the JS-SDK, which asks for the `wx-open-launch-weapp` open tag: WeChat renders
 * the tag only after a wx.config that names it.
 */
export function AccountJumpMp({ props }: BlockProps<'account-jump-mp'>) {
  useEffect(() => {
    // Without the SDK the tag stays blank; the code to scan below it still works.
    if (isWeChat()) setupJsSdk().catch(() => {});
  }, []);
  return <JumpMiniProgram username={props.username} path={props.path} />;
}
