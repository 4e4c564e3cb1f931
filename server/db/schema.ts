/**
 * Table types for the query builder. Each table is declared once, in the file of the domain that owns it
 * (`server/db/tables/<domain>.ts`: table name -> row type, with kysely's `Generated<>` for columns the database
 * fills), and joined here, so a query that names a missing table or column is a type error on both engines.
 * `schema.test.ts` holds the declarations to the migrated schema.
 */
import type { AccountTables } from './tables/accounts.ts';
import type { BroadcastTables } from './tables/broadcast.ts';
import type { ChannelTables } from './tables/channel.ts';
import type { ChatTables } from './tables/chat.ts';
import type { EngagementTables } from './tables/engagement.ts';
import type { EventTables } from './tables/events.ts';
import type { FigureTables } from './tables/figures.ts';
import type { OrganisationTables } from './tables/organisations.ts';
import type { RedPacketTables } from './tables/red-packets.ts';
import type { SecurityTables } from './tables/security.ts';
import type { ShopTables } from './tables/shop.ts';
import type { SubtitleTables } from './tables/subtitles.ts';
import type { UploadTables } from './tables/uploads.ts';
import type { VotingTables } from './tables/voting.ts';
import type { WechatTables } from './tables/wechat.ts';

export type Database = EventTables &
  AccountTables &
  ChatTables &
  RedPacketTables &
  VotingTables &
  ShopTables &
  EngagementTables &
  ChannelTables &
  WechatTables &
  UploadTables &
  OrganisationTables &
  SecurityTables &
  BroadcastTables &
  SubtitleTables &
  FigureTables;
