/**
 * Every domain of the server, in one list: buildServer registers their contract handlers as one map, hands their
 * socket handlers to the socket server and registers their other routes, in this order. Adding a domain is one line
 * here (server/README.md, "Wiring").
 */
import { accounts } from './accounts/index.ts';
import { broadcast } from './broadcast/index.ts';
import { channel } from './channel/index.ts';
import { chat } from './chat/index.ts';
import { organiserConsole } from './console/index.ts';
import { downloads } from './downloads/index.ts';
import { engagement } from './engagement/index.ts';
import { events } from './events/index.ts';
import { organisations } from './organisations/index.ts';
import { redPackets } from './red-packets/index.ts';
import type { Domain } from './services.ts';
import { shop } from './shop/index.ts';
import { streams } from './streams/index.ts';
import { subtitles } from './subtitles/index.ts';
import { uploads } from './uploads/index.ts';
import { voting } from './voting/index.ts';
import { wechat } from './wechat/index.ts';

export const domains: readonly Domain[] = [
  wechat,
  events,
  accounts,
  chat,
  redPackets,
  voting,
  shop,
  downloads,
  engagement,
  organisations,
  channel,
  uploads,
  streams,
  broadcast,
  subtitles,
  organiserConsole,
];
