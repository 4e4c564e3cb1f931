/** WeChat mini-program accounts and the sandbox's one-time codes (migration 007_wechat_accounts). */
export interface WechatAccountTables {
  wechat_mini_accounts: { openid: string; user_id: number; session_key: string; updated_at: number };
  wechat_sandbox_codes: {
    code: string;
    /** 'oauth' | 'mini' | 'phone' */
    kind: string;
    subject: string;
    expires_at: number;
    used_at: number | null;
  };
}
