/**
 * Table types for the query builder. Each domain declares its tables in `server/db/tables/<domain>.ts` as one
 * interface (table name -> row type, with kysely's `Generated<>` for defaults) and joins it here with `&`, so a query that names
 * a missing table or column is a type error on both engines.
 */
import type { AccountTables } from './tables/accounts.ts';
import type { ChannelTables } from './tables/channel.ts';
import type { AccountBaseTables } from './tables/base/accounts.ts';
import type { ActivityTables } from './tables/base/activities.ts';
import type { ChatTables } from './tables/base/chat.ts';
import type { LiveRoomTables } from './tables/base/live-room.ts';
import type { PaymentTables } from './tables/base/payments.ts';
import type { UploadTables } from './tables/base/uploads.ts';
import type { VotingTables } from './tables/base/voting.ts';
import type { WechatAccountTables } from './tables/base/wechat-accounts.ts';
import type { CoreTables } from './tables/core.ts';
import type { EngagementTables } from './tables/engagement.ts';
import type { OrganisationTables } from './tables/organisations.ts';
import type { SecurityTables } from './tables/security.ts';
import type { ShopTables } from './tables/shop.ts';
import type { WechatTables } from './tables/wechat.ts';

/** Tables of the first migrations (001-010): core, then tables/base/. */
type BaseTables = CoreTables &
  AccountBaseTables &
  PaymentTables &
  ActivityTables &
  UploadTables &
  WechatAccountTables &
  LiveRoomTables &
  ChatTables &
  VotingTables;

export type Database = BaseTables &
  AccountTables &
  ChannelTables &
  ShopTables &
  SecurityTables &
  WechatTables &
  EngagementTables &
  OrganisationTables;
