/**
 * Paint before JavaScript: index.html gets, at build time,
 *
 * - a static shell of the live room inside #root (the 16:9 cover area with a play sign, the title card with a status
 *   badge, a title line and a meta line), styled by a few lines of inline critical CSS, so the first paint needs only
 *   the HTML (the play sign makes it a contentful paint), and one of the channel home (below);
 * - a tiny inline script that, before the entry module has even started downloading,
 *   - paints the shell in the colours of the theme remembered for this event (or the config default),
 *   - sets `<html lang>` to the launch locale,
 *   - hides the shell on routes that are not a live room,
 *   - starts the event detail request exactly as the API client would send it (same URL, same Authorization), kept
 *     in `window.__livev3Early` for the client to use instead of asking again,
 *   - and, as soon as the detail names the cover, fetches it with high priority and shows it in the shell once
 *     decoded (so it paints in the next frame, before the app replaces the shell), with the title. `coverSettled` resolves when the cover has loaded (or failed, or there is none),
 *   - starts the app: a build's index.html has no tags for the entry; the script preloads the entry module, its
 *     imports and its stylesheet once the shell is painted (a frame after the HTML: the first paint never waits for
 *     them), and adds the stylesheet and the entry once the cover is on screen (at once on other routes, when the
 *     detail fails, or after 4 s); on a live room it preloads the player's chunks and the stream's master playlist
 *     (the stream the player starts with: live while live, else the replay) with the entry, once the cover is on
 *     screen: the entry's work never delays the cover's paint and nothing it loads competes with the cover for the
 *     network, and the first video frame does not wait for the entry to have downloaded and run before its own
 *     downloads start (the player's prefetch takes the playlist from the preload),
 *   - and on a channel home paints the channel shell instead (the header band with the cover, logo, name and
 *     introduction, and the live-now card with the live event's cover, laid out as the page lays them out), from the
 *     channel request started the same way; the app starts once the live cover (or the channel cover) is on screen;
 *   - on a contest home (a blocks page whose first block is the contest's head) paints the contest shell: the page
 *     title, the contest's card with its cover and title from the contest request started the same way, and
 *     placeholders for the countdown and the totals; the cover is fetched with high priority, and the app is neither
 *     fetched nor started before it is on screen (its download would share the network with the cover, and
 *     Lighthouse counts a download that ends before the largest paint in it);
 *   - on today's star paints the page title and the ranking's heading (its largest paint, from the HTML alone) over
 *     placeholder rows, starts the contest and the ranking requests at once (the page asked for the second only once
 *     the first had answered), and starts the app a frame after the shell is painted.
 *   The shells are laid out as the pages lay them out (the same boxes), so the page replaces them without a shift.
 *
 * The server's Content-Security-Policy hashes the inline script of the built index.html, so it may stay inline.
 * Colours and sizes come from themes/*.json (no literal values here).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { IndexHtmlTransformContext, Plugin } from 'vite';
import {
  mergeTokens,
  type ThemeFile,
  type ThemeTokens,
  type ThemeVariantName,
} from '../src/themes/tokens.ts';
import { projectRoot } from './i18n-types.ts';

type ShellColours = {
  bg: string;
  surface: string;
  skeleton: string;
  overlay: string;
  glyph: string;
  text: string;
  /** The channel header's band (the channel shell). */
  hbg: string;
  htext: string;
  /** The card's shadow (the contest shell). */
  shadow: string;
};
/**
 * The built entry, which the inline script fetches once the shell is painted and starts once the cover is on screen
 * (the build's own tags would do neither): the entry module, the modules it imports (the entry first), its
 * stylesheets, and on a live room the player's chunks, preloaded with the entry once the cover is on screen.
 */
export type EntryBoot = { js: string; modules: string[]; css: string[]; player: string[] };

/** The modules of the live room's player that the entry loads at once: the player component and hls.js light. */
const PLAYER_MODULES = ['/src/features/player/Player.tsx', '/hls.js/dist/hls.light.mjs'];
type AppConfigLite = {
  theme: { default: string };
  constants: { apiOrigin: string; defaultLocale: string; locales?: string[] };
  routes: Array<{
    path: string;
    aliases?: string[];
    page: string;
    title: Record<string, string>;
    themeVariant?: ThemeVariantName;
    blocks?: Array<{ type: string; props?: { showIntro?: boolean; limit?: number } }>;
  }>;
};

/**
 * A contest page's shell: the page title in each locale, and on today's star its heading in each locale and the
 * number of players it asks for (the block's `limit`).
 */
type ContestShell = {
  variant: ThemeVariantName;
  title: Record<string, string>;
  heading?: Record<string, string>;
  limit?: number;
};

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

export function shellData(root = projectRoot) {
  const themesDir = path.join(root, 'themes');
  const base = readJson<ThemeFile>(path.join(themesDir, 'base.json')).tokens as ThemeTokens;
  const colours: Record<string, ShellColours> = {};
  for (const file of fs
    .readdirSync(themesDir)
    .filter((name) => name.endsWith('.json') && name !== 'base.json')) {
    const theme = readJson<ThemeFile>(path.join(themesDir, file));
    for (const variant of ['default', 'channel'] as const) {
      const tokens = mergeTokens(base, theme.tokens, variant === 'channel' ? theme.channel : undefined);
      colours[`${theme.name}-${variant}`] = {
        bg: tokens.color.background,
        surface: tokens.color.surface,
        skeleton: tokens.color.surfaceAlt,
        overlay: tokens.color.overlay,
        glyph: tokens.color.overlayText,
        text: tokens.color.text,
        hbg: tokens.color.headerBackground,
        htext: tokens.color.headerText,
        shadow: tokens.shadow.card,
      };
    }
  }
  const config = readJson<AppConfigLite>(path.join(root, 'config/app.json'));
  const rooms: Record<string, ThemeVariantName> = {};
  for (const route of config.routes.filter((candidate) => candidate.page === 'home'))
    for (const routePath of [route.path, ...(route.aliases ?? [])])
      rooms[routePath] = route.themeVariant ?? 'default';
  // The channel shell depicts a channel header followed by the live-now card: routes that start otherwise get none.
  const channels: Record<string, { variant: ThemeVariantName; intro: boolean }> = {};
  for (const route of config.routes.filter((candidate) => candidate.page === 'channel')) {
    const [header, live] = route.blocks ?? [];
    if (header?.type !== 'channel-header' || live?.type !== 'channel-live') continue;
    for (const routePath of [route.path, ...(route.aliases ?? [])])
      channels[routePath] = {
        variant: route.themeVariant ?? 'default',
        intro: header.props?.showIntro !== false,
      };
  }
  const locales = config.constants.locales ?? ['zh-CN', 'en'];
  // The contest shells: the contest home (its head first) and today's star (the day's ranking alone), both the
  // generic blocks page under the route's title.
  const contests: Record<string, ContestShell> = {};
  for (const route of config.routes.filter((candidate) => candidate.page === 'blocks')) {
    const [first] = route.blocks ?? [];
    if (first?.type !== 'vote-contest' && first?.type !== 'vote-today-star') continue;
    const shell: ContestShell = { variant: route.themeVariant ?? 'default', title: route.title };
    if (first.type === 'vote-today-star') {
      // Today's star asks for `limit` players (10 unless the block says otherwise) and says so in its heading.
      const limit = first.props?.limit ?? 10;
      shell.limit = limit;
      shell.heading = Object.fromEntries(
        locales.map((locale) => {
          // The texts are the app's own source, never part of a config root (the studio's copy has none).
          const texts = readJson<Record<string, string>>(
            path.join(projectRoot, 'src/features/vote/locales', `${locale}.json`),
          );
          const heading = texts.todayStarHeading;
          if (!heading) throw new Error(`paint-shell: vote locale ${locale} has no todayStarHeading`);
          return [locale, heading.replace('{{limit}}', String(limit))];
        }),
      );
    }
    for (const routePath of [route.path, ...(route.aliases ?? [])]) contests[routePath] = shell;
  }
  return {
    base,
    script: {
      colours,
      theme: config.theme.default,
      api: config.constants.apiOrigin,
      locale: config.constants.defaultLocale,
      locales,
      rooms,
      channels,
      contests,
    },
  };
}

/** The inline script's body (ES5-ish: it runs before anything else, in every browser the app supports). */
export function inlineScript(
  data: ReturnType<typeof shellData>['script'],
  boot: EntryBoot | null = null,
): string {
  return `(function(){var C=${JSON.stringify({ ...data, boot })},w=window,d=document,h=d.documentElement,early={responses:{}};w.__livev3Early=early;
var settle,settled=new Promise(function(r){settle=r});early.coverSettled=settled;
var add=function(rel,href,as){var l=d.createElement('link');l.rel=rel;if(as)l.as=as;l.crossOrigin='';l.href=href;d.head.appendChild(l);return l},
parsed=function(f){if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',f);else f()},
painted=function(f){var t=setTimeout(f,1000);requestAnimationFrame(function(){clearTimeout(t);setTimeout(f)})};
var fetched,booted,stream,player=function(){if(!booted||!C.rooms[route]||player.done)return;player.done=1;C.boot.player.forEach(function(href){add('modulepreload',href)});if(stream&&(w.MediaSource||w.ManagedMediaSource))add('preload',stream,'fetch')},
fetchEntry=function(){var b=C.boot;if(fetched||!b)return;fetched=1;b.modules.forEach(function(href){add('modulepreload',href)});b.css.forEach(function(href){add('preload',href,'style')})};
var boot=function(){var b=C.boot;if(booted||!b)return;booted=1;fetchEntry();player();
var n=b.css.length+1,go=function(){if(--n)return;var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=b.js;d.head.appendChild(s)};
parsed(function(){b.css.forEach(function(href){var l=add('stylesheet',href);l.onload=l.onerror=go});go()})};
var done=function(){settle();boot()},shown=function(){settle();requestAnimationFrame(function(){setTimeout(boot)})};
var el=function(id){return d.getElementById(id)},text=function(id,t){if(t)el(id).textContent=t},
cover=function(img,src){img.onload=function(){var show=function(){img.hidden=false;shown()};if(img.decode)img.decode().then(show,show);else show()};img.onerror=shown;img.setAttribute('fetchpriority','high');img.src=src};
try{var u=new URL(location.href),q=new URLSearchParams(u.search),x=u.hash.indexOf('?');
if(x>=0)new URLSearchParams(u.hash.slice(x+1)).forEach(function(v,k){q.set(k,v)});
var ls;try{ls=w.localStorage}catch(e){}
var get=function(k){try{return ls?ls.getItem(k):null}catch(e){return null}};
var token=q.get('token')||'',loc=q.get('locale');
if(C.locales.indexOf(loc)<0)loc=get('livev3:locale');if(C.locales.indexOf(loc)<0)loc=C.locale;h.lang=loc;
var route=u.hash.replace(/^#/,'').split('?')[0]||'/',cr=C.channels[route],ch=cr&&q.get('channelToken'),vr=C.contests[route],vid=vr&&q.get('vote_id');
if(!/^\\d+$/.test(vid)||vr.heading&&q.get('player_id'))vr=0;
var variant=C.rooms[route]||(ch&&cr.variant)||(vr&&vr.variant);
if(!variant){h.classList.add('lv-off');done();return}
var name=(token&&get('livev3:theme:'+token))||C.theme,c=C.colours[name+'-'+variant]||C.colours[C.theme+'-'+variant];
for(var k in c)h.style.setProperty('--lv-'+k,c[k]);
if(ch||vr){h.classList.add('lv-off');h.classList.add(ch?'lv-chan':vr.heading?'lv-star':'lv-vote')}else if(!token){done();return}
var auth=get('livev3:auth')||get('livev3:auth:'+token)||'';if(!auth){d.cookie.split(';').forEach(function(p){var i=p.indexOf('=');if(p.slice(0,i).trim()==='auth_token_2')auth=decodeURIComponent(p.slice(i+1))})}
var headers={Accept:'application/json'};if(auth)headers.Authorization='Bearer '+auth;early.auth=headers.Authorization||'';
var ask=function(path,o){var s=new URLSearchParams(o);s.set('locale',loc);if(q.get('inviteId'))s.set('inviteId',q.get('inviteId'));var url=C.api+path+'?'+s;return early.responses[url]=fetch(url,{headers:headers,credentials:'include'})};
var response=ch?ask('/v2/api/home/index',{channel_token:ch}):vr?ask('/v3/api/vote/detail',{vote_id:+vid}):ask('/v3/api/video/detail',{token:token});
if(vr){parsed(function(){text('lv-vh',vr.title[loc]);text('lv-vsh',vr.heading&&vr.heading[loc])});
if(vr.heading){ask('/v3/api/vote/today_star',{vote_id:+vid,limit:vr.limit});parsed(function(){painted(done)})}}
var channel=function(v){if(!v){done();return}
var live=v.live&&v.live.cover,main=live||v.cover,
img=function(id,src){var n=el(id);if(!src)return;if(src===main){n.onload=shown;n.onerror=done}n.setAttribute('fetchpriority','high');n.src=src};
text('lv-cht',v.title);text('lv-chp',cr.intro&&v.intro);if(!v.cover)el('lv-chc').parentNode.className='lv-chn';if(v.live)el('lv-chk').hidden=false;img('lv-chl',v.logo);img('lv-chc',v.cover);img('lv-chv',live);if(!main)done()};
var contest=function(v){if(vr.heading)return;var img=el('lv-vi');if(v)text('lv-vn',v.title);if(!v||!v.cover){img.parentNode.hidden=true;done();return}cover(img,v.cover)};
var pre=function(src){var l=d.createElement('link');l.setAttribute('rel','preload');l.setAttribute('as','image');l.setAttribute('href',src);l.setAttribute('fetchpriority','high');d.head.appendChild(l)};
response.then(function(r){return r.clone().json()}).then(function(e){var v=e&&e.data;
if(ch){channel(v);return}
if(vr){contest(v);return}
var t=el('lv-title');if(v&&v.title&&t){t.textContent=v.title;t.className='lv-title'}
if(v&&!v.episode_count)stream=v.live_status===1&&v.live_url||v.replay_url;
if(!v||!v.cover){done();return}
pre(v.cover);
var img=el('lv-cover');if(!img){done();return}
cover(img,v.cover)}).catch(function(){done()});
if(!vr)parsed(function(){painted(fetchEntry)});setTimeout(done,4000)}catch(e){done()}})();`;
}

const FONT = `-apple-system,BlinkMacSystemFont,'PingFang SC','Hiragino Sans GB','Noto Sans CJK SC','Microsoft YaHei','Helvetica Neue',Arial,sans-serif`;

function criticalCss(base: ThemeTokens): string {
  const px = (value: number) => `${value}px`;
  const { space, fontSize, radius, size } = base;
  return [
    `html{background:var(--lv-bg);color:var(--lv-text)}`,
    `body{margin:0}`,
    `#root{max-width:${px(size.contentMaxWidth)};margin:0 auto}`,
    `.lv-off .lv-shell{display:none}`,
    `.lv-shell{display:block;min-height:100vh;background:var(--lv-bg)}`,
    `.lv-cover{position:relative;aspect-ratio:16/9;background:var(--lv-overlay)}`,
    // Laid out as the live room's own cover image (HomeVideo.css.ts), unclipped: the same painted size, so the page's
    // paint of the same cover is not a later, larger paint.
    `.lv-cover img{display:block;width:100%;height:auto;aspect-ratio:16/9;object-fit:cover}`,
    `.lv-play{position:absolute;left:50%;top:50%;width:${px(space.xl)};height:${px(space.lg * 2)};margin:${px(-space.lg)} 0 0 ${px(-space.xl / 2)};fill:var(--lv-glyph)}`,
    `.lv-cover img:not([hidden])+.lv-play{display:none}`,
    `.lv-cover img[hidden]{display:none}`,
    `.lv-head{background:var(--lv-surface);padding:${px(space.md)} ${px(space.lg)}}`,
    `.lv-badge{display:block;width:${px(fontSize.xs * 4 + space.sm * 2)};height:${px(fontSize.xs * 1.5 + space.xxs * 2)};margin-bottom:${px(space.xs)};border-radius:${px(radius.pill)};background:var(--lv-skeleton)}`,
    `.lv-title{margin:0;font:700 ${px(fontSize.xl)}/1.3 ${FONT};color:var(--lv-text)}`,
    `.lv-title.lv-bone{width:70%;height:${px(Math.round(fontSize.xl * 1.3))};border-radius:${px(radius.sm)};background:var(--lv-skeleton)}`,
    `.lv-meta{width:30%;height:${px(Math.round(fontSize.sm * 1.5))};margin-top:${px(space.xs)};border-radius:${px(radius.sm)};background:var(--lv-skeleton)}`,
    // The channel shell, laid out as the channel header and the live-now card (ChannelHeader.css.ts, ChannelLive.css.ts,
    // ui/card): the live cover and the channel cover get the same painted size as the page's own.
    `.lv-ch{display:none}`,
    `.lv-chan .lv-ch{display:block;min-height:100vh;background:var(--lv-bg);color:var(--lv-text);font:${px(fontSize.md)}/1.5 ${FONT}}`,
    `.lv-ch *{box-sizing:border-box}`,
    `.lv-chh{padding-bottom:${px(space.lg)};border-radius:0 0 ${px(radius.lg)} ${px(radius.lg)};overflow:hidden;background:var(--lv-hbg);color:var(--lv-htext)}`,
    `.lv-chc{aspect-ratio:750/280}`,
    `.lv-chn{height:${px(space.xxl)}}`,
    `.lv-ch img{display:block;width:100%;height:100%;object-fit:cover}`,
    `.lv-chi{display:flex;align-items:center;gap:${px(space.md)};padding:${px(space.lg)} ${px(space.lg)} 0}`,
    `#lv-chl{flex-shrink:0;width:64px;height:64px;border:3px solid var(--lv-htext);border-radius:${px(radius.pill)};background:var(--lv-surface)}`,
    `#lv-cht{margin:0;font-size:${px(fontSize.xl)};font-weight:800;line-height:1.3}`,
    `.lv-chm{display:block;height:${px(fontSize.sm * 1.5 + space.xxs)}}`,
    `#lv-chp{margin:${px(space.md)} ${px(space.lg)} 0;font-size:${px(fontSize.sm)};line-height:1.6}`,
    `#lv-chp:empty{display:none}`,
    `.lv-cha{height:${px(size.touchTarget)};margin:${px(space.md)} ${px(space.lg)} 0}`,
    `.lv-chk{margin:${px(space.sm)} ${px(space.md)};padding:${px(space.lg)};border-radius:${px(radius.md)};background:var(--lv-surface)}`,
    `.lv-chb{display:block;width:30%;height:${px(fontSize.lg * 1.5)};margin-bottom:${px(space.sm)};border-radius:${px(radius.sm)};background:var(--lv-skeleton)}`,
    `.lv-chf{aspect-ratio:16/9;border-radius:${px(radius.md)};overflow:hidden;background:var(--lv-skeleton)}`,
    // The contest shells, laid out as the blocks page (ui/page/page.css.ts) with the contest's card (ui/card,
    // ContestHome.css.ts: its cover gets the page's painted size) or today's star's heading (TodayStars.css.ts) and
    // rank rows (RankRow.css.ts).
    `.lv-vt{display:none}`,
    `.lv-vote .lv-vt,.lv-star .lv-vt{display:block;min-height:100vh;background:var(--lv-bg);color:var(--lv-text);font:${px(fontSize.md)}/1.5 ${FONT}}`,
    `.lv-vt *{box-sizing:border-box}`,
    `.lv-star .lv-vc,.lv-vote .lv-vs{display:none}`,
    // The headings' texts are set once the HTML is parsed: their lines' height is kept for them until then.
    `#lv-vh{margin:0;padding:${px(space.lg)} ${px(space.lg)} ${px(space.sm)};min-height:${px(space.lg + space.sm + fontSize.xl * 1.5)};font-size:${px(fontSize.xl)}}`,
    `.lv-vc{margin:${px(space.sm)} ${px(space.md)};padding:${px(space.lg)};border-radius:${px(radius.md)};background:var(--lv-surface);box-shadow:var(--lv-shadow)}`,
    `.lv-vi{aspect-ratio:16/9;border-radius:${px(radius.md)};overflow:hidden;background:var(--lv-skeleton)}`,
    `.lv-vi img{display:block;width:100%;height:100%;object-fit:cover}`,
    `.lv-vi img[hidden]{display:none}`,
    `#lv-vn{margin:${px(space.md)} 0 ${px(space.xs)};font-size:${px(fontSize.xl)}}`,
    `#lv-vn:empty,.lv-vd,.lv-vg span{height:${px(fontSize.xl * 1.5)};border-radius:${px(radius.sm)};background:var(--lv-skeleton)}`,
    `#lv-vn:empty{width:70%}`,
    `.lv-vd{width:60%;height:${px(fontSize.md * 1.5)};margin:${px(space.sm)} 0}`,
    `.lv-vg{display:grid;grid-template-columns:repeat(3,1fr);gap:${px(space.sm)};margin-top:${px(space.md)}}`,
    `.lv-vg span{height:${px(fontSize.xl * 1.5 + fontSize.xs * 1.5)}}`,
    `#lv-vsh{margin:${px(space.md)} ${px(space.md)} 0;min-height:${px(fontSize.lg * 1.5)};font-size:${px(fontSize.lg)}}`,
    `.lv-vr{margin:${px(space.sm)} ${px(space.md)}}`,
    `.lv-vr span{display:block;height:${px(size.touchTarget + space.sm * 2)};margin-bottom:1px;background:var(--lv-surface)}`,
  ].join('');
}

export const SHELL = [
  '<div id="root">',
  '<div class="lv-shell" aria-hidden="true">',
  '<div class="lv-cover"><img id="lv-cover" alt="" width="390" height="219" hidden /><svg class="lv-play" viewBox="0 0 3 4"><path d="M0 0L3 2L0 4Z" /></svg></div>',
  '<div class="lv-head"><span class="lv-badge"></span><p id="lv-title" class="lv-title lv-bone"></p><div class="lv-meta"></div></div>',
  '</div>',
  '<div class="lv-ch" aria-hidden="true">',
  '<div class="lv-chh"><div class="lv-chc"><img id="lv-chc" alt="" width="750" height="280" /></div>',
  '<div class="lv-chi"><img id="lv-chl" alt="" width="64" height="64" /><div><p id="lv-cht"></p><span class="lv-chm"></span></div></div>',
  '<p id="lv-chp"></p><div class="lv-cha"></div></div>',
  '<div id="lv-chk" class="lv-chk" hidden><span class="lv-chb"></span><div class="lv-chf"><img id="lv-chv" alt="" width="390" height="219" /></div></div>',
  '</div>',
  '<div class="lv-vt" aria-hidden="true"><h1 id="lv-vh"></h1>',
  '<div class="lv-vc"><div class="lv-vi"><img id="lv-vi" alt="" width="356" height="200" hidden /></div><h2 id="lv-vn"></h2><p class="lv-vd"></p><div class="lv-vg"><span></span><span></span><span></span></div></div>',
  '<div class="lv-vs"><h2 id="lv-vsh"></h2><div class="lv-vr"><span></span><span></span><span></span></div></div>',
  '</div>',
  '</div>',
].join('');

/** Every chunk `fileName` imports statically, directly or not (the bundle's file names), in a stable order. */
export function staticImports(
  bundle: NonNullable<IndexHtmlTransformContext['bundle']>,
  fileName: string,
): string[] {
  const byName = new Map<string, { imports: string[] }>();
  for (const file of Object.values(bundle))
    if (file.type === 'chunk') byName.set(file.fileName, { imports: file.imports });
  const seen = new Set<string>();
  const visit = (name: string) => {
    for (const imported of byName.get(name)?.imports ?? []) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      visit(imported);
    }
  };
  visit(fileName);
  seen.delete(fileName);
  return [...seen];
}

/**
 * The build's entry tags, taken out of index.html for the inline script: the entry module, the modules it imports
 * and its stylesheets, which the script fetches once the shell is painted and starts once the cover is on screen, so
 * the first paints need nothing but the HTML and the entry's work does not delay the cover.
 */
export function deferEntry(
  html: string,
  bundle: NonNullable<IndexHtmlTransformContext['bundle']>,
  base: string,
): { html: string; boot: EntryBoot } {
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry)
    throw new Error('paint-shell: the built index.html has no entry <script type="module" crossorigin src>');
  const player = PLAYER_MODULES.map((suffix) => {
    const chunk = Object.values(bundle).find(
      (file) => file.type === 'chunk' && file.facadeModuleId?.endsWith(suffix),
    );
    if (!chunk) throw new Error(`paint-shell: the build has no chunk for ${suffix}`);
    return base + chunk.fileName;
  });
  const js = entry[1] as string;
  // The modules the entry imports statically, from the bundle: the build writes no modulepreload tags for them
  // (`build.modulePreload: false`), and without a preload the browser finds each one only once the entry has arrived
  // and been parsed (one more round trip, on a slow network behind everything the page has asked for meanwhile).
  const modules = [js, ...staticImports(bundle, js.slice(base.length)).map((file) => base + file)];
  const css: string[] = [];
  const deferred = html
    .replace(entry[0], '')
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
      if (!modules.includes(href)) modules.push(href);
      return '';
    })
    .replace(/\s*<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
      css.push(href);
      return '';
    });
  return { html: deferred, boot: { js, modules, css, player } };
}

export function paintShellPlugin(root = projectRoot): Plugin {
  let base = '/';
  return {
    name: 'livev3:paint-shell',
    // Last of the HTML transforms: others may still look for the build's entry tag, which this one takes out.
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      // After the build has added its tags (the entry script, its imports, its stylesheet), which are taken out.
      order: 'post',
      handler(source, context) {
        const { base: tokens, script } = shellData(root);
        const { html, boot } = context.bundle
          ? deferEntry(source, context.bundle, base)
          : { html: source, boot: null };
        return html
          .replace('<div id="root"></div>', SHELL)
          .replace(
            '</title>',
            `</title>\n    <style>${criticalCss(tokens)}</style>\n    <script>${inlineScript(script, boot)}</script>`,
          );
      },
    },
  };
}
