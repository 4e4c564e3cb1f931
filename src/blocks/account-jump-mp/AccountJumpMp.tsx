import { useEffect } from 'react';
import { JumpMiniProgram } from '../../features/account/JumpMiniProgram';
import { setupJsSdk } from '../../lib/wechat/setup';
import { isWeChat } from '../../lib/wechat/user-agent';
import type { BlockProps } from '../types';

/**
 * Open the configured mini program (open tag in WeChat 7.0.12+; elsewhere the page says only WeChat opens it and
 * offers its link), or say that none is configured. Inside WeChat, with a mini program to open, the page configures
 * the JS-SDK, which asks for the `wx-open-launch-weapp` open tag: WeChat renders the tag only after a wx.config that
 * names it.
 */
export function AccountJumpMp({ props }: BlockProps<'account-jump-mp'>) {
  const configured = Boolean(props.username);
  useEffect(() => {
    // Without the SDK the tag stays blank.
    if (configured && isWeChat()) setupJsSdk().catch(() => {});
  }, [configured]);
  return <JumpMiniProgram username={props.username} path={props.path} />;
}
