import type { Generated } from '../core.ts';

/** Phone codes, complaints and the information form (migration 002). */
export interface AccountBaseTables {
  sms_codes: {
    id: Generated<number>;
    phone: string;
    /** 'login' | 'bind' */
    purpose: string;
    code_hash: string;
    ip: string;
    created_at: number;
    expires_at: number;
    attempts: Generated<number>;
    used_at: number | null;
  };
  complaints: {
    id: Generated<number>;
    event_id: number;
    user_id: number | null;
    reason: string;
    content: Generated<string>;
    created_at: number;
  };
  info_forms: {
    event_id: number;
    user_id: number;
    name: string;
    phone: string;
    company: string;
    position: Generated<string>;
    remark: Generated<string>;
    agreement: Generated<number>;
    created_at: number;
  };
}
