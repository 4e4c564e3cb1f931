/**
 * Draws the demo's pictures of products, contest covers, players and lottery prizes (server/media/demo-art, served as
 * public .jpg files under /streams/vod/demo-art/; the seed names them through server/seed/demo-art.ts): flat
 * illustrations in SVG, each showing what it names (the T-shirt a T-shirt, the flask a flask), saved as JPEG by
 * Debian's Chromium (scripts/draw-jpegs.ts), nothing downloaded. Products and prizes are square (480 px), contest
 * covers 16:9 (960x540), players 4:5 portraits (400x500, the face in the middle square the cards crop to), one per
 * surname (its initial) and hair style. Run: `node --import tsx scripts/make-demo-images.ts`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ART, DEMO_ART_DIR, playerArtName, SURNAMES, type ArtName } from '../server/seed/demo-art.ts';
import { FONT, page, saveJpegs, type Shot } from './draw-jpegs.ts';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server/media', DEMO_ART_DIR);

const svg = (width: number, height: number, body: string) =>
  page(
    width,
    height,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"
      font-family="${FONT.replace(/'/g, '&apos;')}">${body}</svg>`,
  );

/** A square product shot: a soft two-colour backdrop, a floor shadow, and the object drawn over it. */
const product = (from: string, to: string, object: string, shadow = { cx: 240, cy: 412, rx: 150 }) =>
  svg(
    480,
    480,
    `<defs>
      <radialGradient id="bg" cx="50%" cy="38%" r="75%"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></radialGradient>
      <radialGradient id="floor"><stop offset="0" stop-color="#000" stop-opacity=".22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="480" height="480" fill="url(#bg)"/>
    <ellipse cx="${shadow.cx}" cy="${shadow.cy}" rx="${shadow.rx}" ry="22" fill="url(#floor)"/>
    ${object}`,
  );

// ---- Products ----

const TEE =
  'M150 112 L204 88 Q240 118 276 88 L330 112 L398 176 L354 222 L330 200 L330 392 L150 392 L150 200 L126 222 L82 176 Z';
const teeShading = `<path d="${TEE}" fill="url(#tee)"/>
  <path d="M150 200 L150 392 L170 392 L170 206 Z" fill="#000" opacity=".08"/>
  <path d="M310 206 L330 200 L330 392 L310 392 Z" fill="#000" opacity=".1"/>
  <path d="M126 222 L82 176 L92 166 L134 210 Z" fill="#000" opacity=".12"/>
  <path d="M354 222 L398 176 L388 166 L346 210 Z" fill="#000" opacity=".12"/>`;
const teeGradient = `<defs><linearGradient id="tee" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e53935"/><stop offset="1" stop-color="#b71c1c"/></linearGradient></defs>`;

const tshirtFront = product(
  '#fff8f0',
  '#f3d9c6',
  `${teeGradient}${teeShading}
  <path d="M204 88 Q240 136 276 88 Q240 112 204 88 Z" fill="#8e1414"/>
  <path d="M204 88 Q240 128 276 88" fill="none" stroke="#ffcdd2" stroke-width="5"/>
  <circle cx="240" cy="222" r="46" fill="none" stroke="#fff" stroke-width="6"/>
  <path d="M228 200 L228 244 L262 222 Z" fill="#fff"/>
  <text x="240" y="306" text-anchor="middle" font-size="30" font-weight="800" fill="#fff" letter-spacing="3">LIVE 2026</text>
  <text x="240" y="336" text-anchor="middle" font-size="17" fill="#ffe0e0" letter-spacing="6">发布会纪念</text>`,
);

const tshirtBack = product(
  '#fff8f0',
  '#f3d9c6',
  `${teeGradient}${teeShading}
  <path d="M204 88 Q240 104 276 88 Q240 98 204 88 Z" fill="#8e1414"/>
  <rect x="226" y="100" width="28" height="16" rx="2" fill="#fff" opacity=".9"/>
  <text x="240" y="112" text-anchor="middle" font-size="10" font-weight="700" fill="#b71c1c">L</text>
  <text x="240" y="236" text-anchor="middle" font-size="78" font-weight="900" fill="#fff" letter-spacing="2">26</text>
  <text x="240" y="284" text-anchor="middle" font-size="26" font-weight="800" fill="#fff" letter-spacing="8">LIVEV3</text>
  <text x="240" y="322" text-anchor="middle" font-size="15" fill="#ffe0e0" letter-spacing="3">STAFF · FANS</text>`,
);

const tshirtFolded = product(
  '#f4f7fb',
  '#d5dfea',
  `${teeGradient}
  <path d="M120 200 L360 200 L372 380 L108 380 Z" fill="#9f1919"/>
  <path d="M112 150 L368 150 L372 380 L108 380 Z" fill="url(#tee)"/>
  <path d="M112 150 L150 150 L140 380 L108 380 Z" fill="#000" opacity=".1"/>
  <path d="M330 150 L368 150 L372 380 L340 380 Z" fill="#000" opacity=".12"/>
  <path d="M112 150 L168 150 L150 236 L112 226 Z" fill="#000" opacity=".14"/>
  <path d="M368 150 L312 150 L330 236 L368 226 Z" fill="#000" opacity=".14"/>
  <path d="M188 150 Q240 214 292 150 L270 150 Q240 186 210 150 Z" fill="#8e1414"/>
  <path d="M198 150 Q240 204 282 150" fill="none" stroke="#ffcdd2" stroke-width="4"/>
  <circle cx="240" cy="268" r="44" fill="none" stroke="#fff" stroke-width="6"/>
  <path d="M228 246 L228 290 L262 268 Z" fill="#fff"/>
  <rect x="316" y="332" width="40" height="30" rx="4" fill="#fff"/>
  <text x="336" y="354" text-anchor="middle" font-size="18" font-weight="800" fill="#b71c1c">L</text>
  <path d="M86 120 l10 0 m-5 -5 l0 10 M396 118 l12 0 m-6 -6 l0 12" stroke="#e57373" stroke-width="3"/>`,
  { cx: 240, cy: 392, rx: 170 },
);

const flask = product(
  '#eef6ff',
  '#c9dced',
  `<defs>
    <linearGradient id="steel" x1="0" x2="1"><stop offset="0" stop-color="#8d9aa7"/><stop offset=".3" stop-color="#f4f7fa"/><stop offset=".55" stop-color="#c5ced6"/><stop offset="1" stop-color="#6b7884"/></linearGradient>
    <linearGradient id="lid" x1="0" x2="1"><stop offset="0" stop-color="#102a43"/><stop offset=".35" stop-color="#3e5c76"/><stop offset="1" stop-color="#0b1d2e"/></linearGradient>
  </defs>
  <rect x="186" y="60" width="108" height="64" rx="14" fill="url(#lid)"/>
  <rect x="180" y="114" width="120" height="16" rx="4" fill="#0b1d2e"/>
  <rect x="176" y="126" width="128" height="272" rx="30" fill="url(#steel)"/>
  <rect x="176" y="216" width="128" height="72" fill="#1565c0"/>
  <rect x="176" y="216" width="128" height="72" fill="url(#steel)" opacity=".25"/>
  <text x="240" y="260" text-anchor="middle" font-size="24" font-weight="800" fill="#fff" letter-spacing="3">LIVE</text>
  <text x="240" y="280" text-anchor="middle" font-size="11" fill="#bbdefb" letter-spacing="2">316 · 12H</text>
  <path d="M200 140 L200 384" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity=".55"/>
  <path d="M320 150 q40 20 18 60" fill="none" stroke="#90a4ae" stroke-width="4" stroke-linecap="round" opacity=".7"/>
  <path d="M336 120 q14 -16 0 -32 q-14 -16 0 -32" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity=".8"/>`,
  { cx: 240, cy: 404, rx: 110 },
);

const tote = product(
  '#f7f3ea',
  '#e3d6bd',
  `<path d="M186 176 C186 84 294 84 294 176" fill="none" stroke="#6d4c41" stroke-width="14" stroke-linecap="round"/>
  <path d="M186 176 C186 100 294 100 294 176" fill="none" stroke="#8d6e63" stroke-width="5" opacity=".6"/>
  <path d="M128 170 L352 170 L366 394 L114 394 Z" fill="#efe3c8"/>
  <path d="M128 170 L352 170 L354 196 L126 196 Z" fill="#d9c7a2"/>
  <path d="M128 170 L160 170 L150 394 L114 394 Z" fill="#000" opacity=".06"/>
  <path d="M320 170 L352 170 L366 394 L334 394 Z" fill="#000" opacity=".08"/>
  <g stroke="#c8b48d" stroke-width="2" stroke-dasharray="6 6"><path d="M134 206 L346 206"/><path d="M122 382 L358 382"/></g>
  <circle cx="240" cy="282" r="56" fill="#2e7d32"/>
  <path d="M226 256 L226 308 L266 282 Z" fill="#f1f8e9"/>
  <text x="240" y="366" text-anchor="middle" font-size="20" font-weight="800" fill="#2e7d32" letter-spacing="6">LIVEV3</text>`,
  { cx: 240, cy: 404, rx: 150 },
);

const poster = product(
  '#f1f1f6',
  '#cfd2e0',
  `<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#311b92"/><stop offset="1" stop-color="#880e4f"/></linearGradient>
    <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff59d" stop-opacity=".75"/><stop offset="1" stop-color="#fff59d" stop-opacity="0"/></linearGradient>
  </defs>
  <g transform="rotate(-4 240 240)">
    <rect x="118" y="56" width="244" height="346" fill="#fff"/>
    <rect x="130" y="68" width="220" height="322" fill="url(#sky)"/>
    <path d="M150 68 L200 300 L240 300 Z" fill="url(#beam)"/>
    <path d="M330 68 L240 300 L280 300 Z" fill="url(#beam)"/>
    <circle cx="240" cy="200" r="26" fill="#ffccbc"/>
    <path d="M214 194 Q240 150 266 194 Q262 176 240 172 Q218 176 214 194 Z" fill="#3e2723"/>
    <path d="M196 300 Q200 236 240 232 Q280 236 284 300 Z" fill="#212121"/>
    <path d="M262 244 L300 204" stroke="#212121" stroke-width="12" stroke-linecap="round"/>
    <circle cx="304" cy="198" r="9" fill="#9e9e9e"/>
    <rect x="130" y="300" width="220" height="90" fill="#000" opacity=".35"/>
    <text x="240" y="336" text-anchor="middle" font-size="28" font-weight="900" fill="#fff" letter-spacing="4">LIVE TOUR</text>
    <text x="240" y="362" text-anchor="middle" font-size="14" fill="#f8bbd0" letter-spacing="3">2026 · 纪念签名版</text>
    <path d="M160 250 q14 -30 24 -4 q8 22 18 -10 q6 -18 14 4 q10 24 30 -8 q10 -14 20 2" fill="none" stroke="#ffd54f" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>
  </g>`,
  { cx: 240, cy: 418, rx: 140 },
);

const trialKit = product(
  '#f3fbf7',
  '#c6e6d6',
  `<path d="M110 220 L370 220 L370 392 L110 392 Z" fill="#00897b"/>
  <path d="M110 220 L370 220 L370 246 L110 246 Z" fill="#00695c"/>
  <path d="M92 150 L240 190 L240 220 L110 220 Z" fill="#26a69a"/>
  <path d="M388 150 L240 190 L240 220 L370 220 Z" fill="#4db6ac"/>
  <rect x="152" y="132" width="44" height="110" rx="10" fill="#fff"/><rect x="152" y="120" width="44" height="22" rx="6" fill="#ffb300"/>
  <rect x="206" y="106" width="60" height="136" rx="14" fill="#e0f2f1"/><rect x="220" y="92" width="32" height="22" rx="6" fill="#ef6c00"/>
  <rect x="276" y="140" width="52" height="102" rx="26" fill="#fff3e0"/><rect x="290" y="126" width="24" height="20" rx="5" fill="#8e24aa"/>
  <text x="236" y="186" text-anchor="middle" font-size="16" font-weight="800" fill="#00695c">NEW</text>
  <rect x="110" y="282" width="260" height="34" fill="#ffca28"/>
  <text x="240" y="306" text-anchor="middle" font-size="18" font-weight="800" fill="#5d4037" letter-spacing="6">新品体验装</text>
  <path d="M240 246 L240 392" stroke="#ffca28" stroke-width="0"/>`,
);

const cheerKit = product(
  '#fff4fb',
  '#f4cfe3',
  `<defs><filter id="glow"><feGaussianBlur stdDeviation="4"/></filter></defs>
  <rect x="112" y="90" width="256" height="150" rx="22" fill="#1a1a2e"/>
  <rect x="122" y="100" width="236" height="130" rx="16" fill="none" stroke="#ff4081" stroke-width="5" stroke-dasharray="2 9" stroke-linecap="round"/>
  <text x="240" y="188" text-anchor="middle" font-size="62" font-weight="900" fill="#ff80ab" filter="url(#glow)">加油!</text>
  <text x="240" y="188" text-anchor="middle" font-size="62" font-weight="900" fill="#fff">加油!</text>
  <rect x="230" y="240" width="20" height="70" fill="#37474f"/>
  <g transform="rotate(-8 170 340)"><rect x="70" y="300" width="200" height="56" rx="6" fill="#ff4081"/>
    <text x="170" y="337" text-anchor="middle" font-size="24" font-weight="800" fill="#fff" letter-spacing="4">NO.1 ★</text></g>
  <g transform="rotate(10 340 330)"><rect x="286" y="282" width="110" height="110" rx="12" fill="#fff"/>
    <path d="M316 314 l6 12 13 2 -9 9 2 13 -12 -6 -12 6 2 -13 -9 -9 13 -2 Z" fill="#ffca28"/>
    <circle cx="366" cy="320" r="13" fill="#42a5f5"/><path d="M356 362 q10 -14 20 0 q10 14 20 0" fill="none" stroke="#ab47bc" stroke-width="5"/>
    <path d="M306 372 l10 -12 10 12 Z" fill="#66bb6a"/></g>`,
);

const badge = product(
  '#f6f3ff',
  '#d7cdf0',
  `<defs>
    <linearGradient id="gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff3b0"/><stop offset=".45" stop-color="#f2b824"/><stop offset="1" stop-color="#a86b00"/></linearGradient>
  </defs>
  <path d="M186 60 L226 200 L196 214 L150 70 Z" fill="#c62828"/><path d="M294 60 L254 200 L284 214 L330 70 Z" fill="#1565c0"/>
  <path d="M206 60 L228 134 M274 60 L252 134" stroke="#fff" stroke-width="6" opacity=".6"/>
  <circle cx="240" cy="276" r="112" fill="url(#gold)"/>
  <circle cx="240" cy="276" r="92" fill="none" stroke="#a86b00" stroke-width="4" opacity=".6"/>
  <circle cx="240" cy="276" r="84" fill="#f5c232"/>
  <path d="M240 214 l17 35 38 5 -28 27 7 38 -34 -18 -34 18 7 -38 -28 -27 38 -5 Z" fill="#fff8e1" stroke="#a86b00" stroke-width="3"/>
  <text x="240" y="344" text-anchor="middle" font-size="18" font-weight="800" fill="#7a4d00" letter-spacing="4">2026</text>
  <path d="M168 222 a92 92 0 0 1 60 -36" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity=".7"/>`,
);

const notebooks = product(
  '#f2f7fd',
  '#cfdcec',
  `<g transform="rotate(-8 220 250)"><rect x="110" y="96" width="210" height="290" rx="12" fill="#3949ab"/>
    <rect x="110" y="96" width="26" height="290" rx="6" fill="#283593"/>
    <rect x="170" y="150" width="110" height="44" rx="6" fill="#fff"/>
    <text x="225" y="179" text-anchor="middle" font-size="18" font-weight="800" fill="#283593">NOTES</text></g>
  <g transform="rotate(6 280 260)"><rect x="190" y="120" width="190" height="262" rx="12" fill="#ffb300"/>
    <rect x="190" y="120" width="22" height="262" rx="6" fill="#ff8f00"/>
    <path d="M236 186 L352 186 M236 216 L352 216 M236 246 L330 246" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".8"/></g>
  <g transform="rotate(-35 300 330)"><rect x="196" y="322" width="220" height="18" rx="9" fill="#263238"/>
    <path d="M416 322 L444 331 L416 340 Z" fill="#cfd8dc"/><rect x="196" y="322" width="40" height="18" rx="9" fill="#e53935"/></g>`,
);

const parcel = product(
  '#f5f5f5',
  '#d6d6d6',
  `<path d="M240 102 L380 156 L240 210 L100 156 Z" fill="#d7a86e"/>
  <path d="M100 156 L240 210 L240 394 L100 340 Z" fill="#c08a4b"/>
  <path d="M380 156 L240 210 L240 394 L380 340 Z" fill="#a8743a"/>
  <path d="M170 129 L310 183 L310 220 L282 209 L282 194 L146 141 Z" fill="#f3e0b5" opacity=".9"/>
  <path d="M310 183 L310 368" stroke="#f3e0b5" stroke-width="26" opacity=".55"/>
  <g transform="matrix(1 .385 0 1 124 222)"><rect width="92" height="60" rx="4" fill="#fff"/>
    <text x="46" y="38" text-anchor="middle" font-size="22" font-weight="800" fill="#a8743a">TEST</text></g>
  <path d="M276 250 l30 -12 M276 270 l46 -18 M276 290 l38 -15" stroke="#7a5126" stroke-width="4" stroke-linecap="round"/>`,
);

// ---- Prizes (square) ----

const prizePhone = product(
  '#eef1ff',
  '#c3cbf2',
  `<defs><linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c4dff"/><stop offset=".5" stop-color="#448aff"/><stop offset="1" stop-color="#18ffff"/></linearGradient></defs>
  <rect x="150" y="54" width="180" height="356" rx="34" fill="#1c1c28"/>
  <rect x="160" y="64" width="160" height="336" rx="26" fill="url(#screen)"/>
  <rect x="214" y="74" width="52" height="14" rx="7" fill="#1c1c28"/>
  <text x="240" y="164" text-anchor="middle" font-size="44" font-weight="300" fill="#fff">10:08</text>
  <g fill="#fff" opacity=".85"><rect x="178" y="320" width="34" height="34" rx="9"/><rect x="223" y="320" width="34" height="34" rx="9"/><rect x="268" y="320" width="34" height="34" rx="9"/></g>
  <path d="M160 64 L320 64 L160 250 Z" fill="#fff" opacity=".12"/>`,
);

const prizeEarphones = product(
  '#f2fbff',
  '#c5e4f0',
  `<rect x="136" y="236" width="208" height="150" rx="70" fill="#fafafa"/>
  <path d="M136 300 L344 300" stroke="#cfd8dc" stroke-width="3"/>
  <circle cx="240" cy="340" r="6" fill="#66bb6a"/>
  <g transform="rotate(-18 184 160)"><ellipse cx="184" cy="150" rx="40" ry="46" fill="#fff" stroke="#cfd8dc" stroke-width="3"/>
    <rect x="172" y="180" width="24" height="88" rx="12" fill="#fff" stroke="#cfd8dc" stroke-width="3"/>
    <ellipse cx="174" cy="140" rx="16" ry="20" fill="#37474f"/></g>
  <g transform="rotate(18 296 160)"><ellipse cx="296" cy="150" rx="40" ry="46" fill="#fff" stroke="#cfd8dc" stroke-width="3"/>
    <rect x="284" y="180" width="24" height="88" rx="12" fill="#fff" stroke="#cfd8dc" stroke-width="3"/>
    <ellipse cx="306" cy="140" rx="16" ry="20" fill="#37474f"/></g>
  <path d="M92 120 q-18 30 0 60 M70 104 q-30 46 0 92 M388 120 q18 30 0 60 M410 104 q30 46 0 92" fill="none" stroke="#4fc3f7" stroke-width="5" stroke-linecap="round"/>`,
);

const prizePowerBank = product(
  '#fff7ec',
  '#f3d5ad',
  `<rect x="120" y="110" width="240" height="280" rx="36" fill="#263238"/>
  <rect x="132" y="122" width="216" height="256" rx="28" fill="#37474f"/>
  <rect x="178" y="170" width="124" height="60" rx="10" fill="none" stroke="#b2ff59" stroke-width="6"/>
  <rect x="302" y="188" width="12" height="24" rx="3" fill="#b2ff59"/>
  <g fill="#b2ff59"><rect x="188" y="180" width="22" height="40" rx="3"/><rect x="218" y="180" width="22" height="40" rx="3"/><rect x="248" y="180" width="22" height="40" rx="3"/></g>
  <path d="M244 262 L222 306 L244 306 L234 344 L266 292 L244 292 L256 262 Z" fill="#ffd54f"/>
  <path d="M240 390 C240 430 340 420 360 440" fill="none" stroke="#90a4ae" stroke-width="8" stroke-linecap="round"/>
  <text x="240" y="150" text-anchor="middle" font-size="14" fill="#90a4ae" letter-spacing="3">20000mAh</text>`,
);

const prizePoints = product(
  '#fffbea',
  '#f6e3a1',
  `<defs><radialGradient id="coin" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#fff6c2"/><stop offset=".5" stop-color="#fbc02d"/><stop offset="1" stop-color="#c17900"/></radialGradient></defs>
  <ellipse cx="300" cy="330" rx="86" ry="30" fill="#c17900"/><ellipse cx="300" cy="318" rx="86" ry="30" fill="#fbc02d"/>
  <ellipse cx="300" cy="300" rx="86" ry="30" fill="#c17900"/><ellipse cx="300" cy="288" rx="86" ry="30" fill="#fdd835"/>
  <circle cx="214" cy="214" r="122" fill="#c17900"/>
  <circle cx="206" cy="206" r="122" fill="url(#coin)"/>
  <circle cx="206" cy="206" r="98" fill="none" stroke="#c17900" stroke-width="5" opacity=".6"/>
  <text x="206" y="226" text-anchor="middle" font-size="64" font-weight="900" fill="#8d5400">100</text>
  <text x="206" y="262" text-anchor="middle" font-size="20" font-weight="800" fill="#8d5400" letter-spacing="6">PTS</text>
  <path d="M380 96 l6 14 14 6 -14 6 -6 14 -6 -14 -14 -6 14 -6 Z M96 360 l5 11 11 5 -11 5 -5 11 -5 -11 -11 -5 11 -5 Z" fill="#fff"/>`,
);

const prizeCoupon = product(
  '#fff1f1',
  '#f5c7c7',
  `<g transform="rotate(-8 240 240)">
    <path d="M84 150 L396 150 L396 206 A24 24 0 0 0 396 254 L396 330 L84 330 L84 254 A24 24 0 0 0 84 206 Z" fill="#e53935"/>
    <path d="M290 160 L290 320" stroke="#ffcdd2" stroke-width="4" stroke-dasharray="10 8"/>
    <text x="120" y="262" font-size="40" font-weight="800" fill="#fff">¥</text>
    <text x="150" y="270" font-size="88" font-weight="900" fill="#fff">50</text>
    <text x="120" y="306" font-size="18" fill="#ffebee" letter-spacing="2">COUPON · 优惠券</text>
    <circle cx="343" cy="240" r="30" fill="#ffeb3b"/>
    <path d="M330 240 l10 10 18 -20" fill="none" stroke="#e53935" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
  </g>`,
);

/** A wrapped gift with its letter (the tests' lottery): box, lid, ribbon and bow in one colour pair. */
const gift = (box: string, ribbon: string, letter: string) =>
  product(
    '#fbf8ff',
    '#ddd3ee',
    `<rect x="130" y="206" width="220" height="186" rx="10" fill="${box}"/>
    <rect x="116" y="168" width="248" height="54" rx="10" fill="${box}"/>
    <rect x="116" y="206" width="248" height="16" fill="#000" opacity=".12"/>
    <rect x="222" y="168" width="36" height="224" fill="${ribbon}"/>
    <path d="M240 168 C190 100 140 130 176 164 Z M240 168 C290 100 340 130 304 164 Z" fill="${ribbon}"/>
    <circle cx="240" cy="166" r="16" fill="${ribbon}"/>
    <circle cx="240" cy="300" r="44" fill="#fff"/>
    <text x="240" y="320" text-anchor="middle" font-size="56" font-weight="900" fill="${box}">${letter}</text>`,
  );

// ---- Contest covers (16:9) ----

const stageBeams = (colour: string) =>
  [120, 330, 630, 840]
    .map(
      (x, i) =>
        `<path d="M${x} -10 L${x + (i < 2 ? 160 : -160)} 560 L${x + (i < 2 ? 300 : -20)} 560 Z" fill="${colour}" opacity=".16"/>`,
    )
    .join('');

const contestStars = svg(
  960,
  540,
  `<defs>
    <linearGradient id="night" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1a0b3d"/><stop offset=".7" stop-color="#4a148c"/><stop offset="1" stop-color="#880e4f"/></linearGradient>
    <linearGradient id="cup" x1="0" x2="1"><stop offset="0" stop-color="#b37400"/><stop offset=".4" stop-color="#ffe082"/><stop offset="1" stop-color="#c88a00"/></linearGradient>
  </defs>
  <rect width="960" height="540" fill="url(#night)"/>
  ${stageBeams('#fff59d')}
  ${[
    [80, 70, 3],
    [210, 140, 2],
    [420, 60, 2.5],
    [560, 120, 2],
    [760, 70, 3],
    [880, 170, 2],
    [60, 260, 2],
    [900, 320, 2.5],
  ]
    .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff"/>`)
    .join('')}
  <ellipse cx="480" cy="500" rx="420" ry="60" fill="#000" opacity=".35"/>
  <path d="M400 210 L560 210 L548 300 Q540 350 480 356 Q420 350 412 300 Z" fill="url(#cup)"/>
  <path d="M400 226 Q340 230 356 282 Q372 320 418 318" fill="none" stroke="#e0a800" stroke-width="14"/>
  <path d="M560 226 Q620 230 604 282 Q588 320 542 318" fill="none" stroke="#e0a800" stroke-width="14"/>
  <rect x="466" y="354" width="28" height="50" fill="#c88a00"/>
  <rect x="420" y="402" width="120" height="30" rx="6" fill="#6d4c00"/>
  <rect x="400" y="430" width="160" height="34" rx="6" fill="#4e3400"/>
  <path d="M480 232 l14 29 32 4 -24 22 6 32 -28 -15 -28 15 6 -32 -24 -22 32 -4 Z" fill="#fff8e1"/>
  <path d="M160 300 l20 42 46 6 -34 32 9 46 -41 -22 -41 22 9 -46 -34 -32 46 -6 Z" fill="#ffca28" opacity=".9"/>
  <path d="M800 280 l16 34 37 5 -27 26 7 37 -33 -18 -33 18 7 -37 -27 -26 37 -5 Z" fill="#ff80ab" opacity=".9"/>
  <text x="480" y="120" text-anchor="middle" font-size="64" font-weight="900" fill="#fff" letter-spacing="8">人气之星</text>
  <text x="480" y="166" text-anchor="middle" font-size="26" font-weight="700" fill="#ffe082" letter-spacing="10">2026 · POPULAR STAR</text>`,
);

const contestSingers = svg(
  960,
  540,
  `<defs>
    <linearGradient id="sea" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#004d40"/><stop offset=".6" stop-color="#00897b"/><stop offset="1" stop-color="#26c6da"/></linearGradient>
    <linearGradient id="mic" x1="0" x2="1"><stop offset="0" stop-color="#455a64"/><stop offset=".4" stop-color="#cfd8dc"/><stop offset="1" stop-color="#37474f"/></linearGradient>
  </defs>
  <rect width="960" height="540" fill="url(#sea)"/>
  ${[0, 1, 2, 3, 4]
    .map(
      (i) =>
        `<path d="M0 ${380 + i * 34} Q240 ${340 + i * 34} 480 ${380 + i * 34} T960 ${380 + i * 34}" fill="none" stroke="#fff" stroke-width="2" opacity="${0.1 + i * 0.04}"/>`,
    )
    .join('')}
  <circle cx="640" cy="230" r="150" fill="#fff" opacity=".08"/>
  <circle cx="640" cy="230" r="100" fill="#fff" opacity=".08"/>
  <g transform="rotate(24 640 260)">
    <rect x="612" y="250" width="56" height="230" rx="24" fill="#263238"/>
    <rect x="600" y="236" width="80" height="30" rx="8" fill="#37474f"/>
    <circle cx="640" cy="176" r="76" fill="url(#mic)"/>
    <g stroke="#607d8b" stroke-width="3" opacity=".7">
      <path d="M576 150 L704 150 M568 176 L712 176 M576 202 L704 202"/><path d="M614 104 L614 248 M640 100 L640 252 M666 104 L666 248"/>
    </g>
  </g>
  <g fill="#e0f7fa">
    <ellipse cx="780" cy="190" rx="16" ry="12" transform="rotate(-20 780 190)"/>
    <rect x="790" y="110" width="6" height="80"/><path d="M796 110 q26 14 22 44 q-4 -22 -22 -26 Z"/>
    <ellipse cx="520" cy="440" rx="13" ry="10" transform="rotate(-20 520 440)"/>
    <ellipse cx="566" cy="430" rx="13" ry="10" transform="rotate(-20 566 430)"/>
    <rect x="528" y="376" width="5" height="64"/><rect x="574" y="366" width="5" height="64"/>
    <path d="M528 376 L579 366 L579 378 L528 388 Z"/>
    <ellipse cx="846" cy="380" rx="12" ry="9" transform="rotate(-20 846 380)"/><rect x="853" y="330" width="5" height="50"/>
  </g>
  <text x="80" y="210" font-size="72" font-weight="900" fill="#fff" letter-spacing="6">校园歌手</text>
  <text x="80" y="276" font-size="48" font-weight="800" fill="#b2ebf2" letter-spacing="14">大赛</text>
  <text x="84" y="330" font-size="19" fill="#e0f7fa" letter-spacing="3">CAMPUS SINGER CONTEST</text>`,
);

const contestPhotos = svg(
  960,
  540,
  `<defs>
    <linearGradient id="dawn" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffcc80"/><stop offset=".55" stop-color="#ff8a65"/><stop offset="1" stop-color="#6d4c41"/></linearGradient>
  </defs>
  <rect width="960" height="540" fill="url(#dawn)"/>
  <circle cx="700" cy="200" r="70" fill="#fff3e0" opacity=".9"/>
  <path d="M0 380 L160 250 L300 360 L460 210 L640 370 L780 280 L960 390 L960 540 L0 540 Z" fill="#5d4037" opacity=".7"/>
  <path d="M0 430 Q240 380 480 440 T960 430 L960 540 L0 540 Z" fill="#3e2723"/>
  <g transform="rotate(-6 300 270)">
    <rect x="170" y="150" width="280" height="200" rx="26" fill="#263238"/>
    <rect x="210" y="126" width="80" height="36" rx="8" fill="#263238"/>
    <circle cx="310" cy="252" r="72" fill="#37474f"/><circle cx="310" cy="252" r="54" fill="#0d47a1"/>
    <circle cx="310" cy="252" r="30" fill="#1e88e5"/><circle cx="292" cy="234" r="12" fill="#fff" opacity=".7"/>
    <rect x="396" y="170" width="34" height="18" rx="4" fill="#ffca28"/>
  </g>
  <text x="520" y="380" font-size="60" font-weight="900" fill="#fff" letter-spacing="6">最美家乡</text>
  <text x="524" y="430" font-size="26" font-weight="700" fill="#ffe0b2" letter-spacing="10">摄影赛 · PHOTO</text>`,
);

// ---- Players (4:5 portraits; the cards show the middle square) ----

/** Background, shirt and hair colours, picked per surname so neighbours in a list differ. */
const PALETTES = [
  ['#ffcdd2', '#e57373', '#c62828'],
  ['#bbdefb', '#64b5f6', '#1565c0'],
  ['#c8e6c9', '#81c784', '#2e7d32'],
  ['#ffe0b2', '#ffb74d', '#ef6c00'],
  ['#e1bee7', '#ba68c8', '#6a1b9a'],
  ['#b2ebf2', '#4dd0e1', '#00838f'],
  ['#fff9c4', '#fff176', '#f9a825'],
  ['#d7ccc8', '#a1887f', '#4e342e'],
];
const SKIN = ['#f9d5bb', '#f1c27d', '#e0ac69', '#f6d7c3'];
const HAIR = ['#2b1b17', '#3e2723', '#4e342e', '#212121', '#5d4037'];

function portrait(index: number, longHair: boolean): string {
  const [light, mid, deep] = PALETTES[index % PALETTES.length]!;
  const skin = SKIN[index % SKIN.length]!;
  const hair = HAIR[(index + (longHair ? 1 : 0)) % HAIR.length]!;
  const initial = SURNAMES[index]!;
  const back = longHair
    ? `<path d="M118 236 Q110 120 200 104 Q290 120 282 236 L290 356 Q250 372 200 366 Q150 372 110 356 Z" fill="${hair}"/>`
    : '';
  const front = longHair
    ? `<path d="M134 210 Q140 122 200 118 Q262 122 266 210 Q250 160 214 150 Q186 176 134 210 Z" fill="${hair}"/>`
    : `<path d="M132 214 Q126 120 200 112 Q276 120 268 214 Q262 168 238 156 Q196 170 152 160 Q136 178 132 214 Z" fill="${hair}"/>`;
  return svg(
    400,
    500,
    `<defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${mid}"/></linearGradient>
      <linearGradient id="shirt" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${deep}"/><stop offset="1" stop-color="${deep}" stop-opacity=".8"/></linearGradient>
    </defs>
    <rect width="400" height="500" fill="url(#bg)"/>
    <circle cx="330" cy="90" r="120" fill="#fff" opacity=".18"/>
    <circle cx="60" cy="420" r="90" fill="#fff" opacity=".14"/>
    <text x="200" y="300" text-anchor="middle" font-size="300" font-weight="900" fill="#fff" opacity=".22">${initial}</text>
    ${back}
    <path d="M80 500 Q84 378 200 366 Q316 378 320 500 Z" fill="url(#shirt)"/>
    <path d="M172 360 L200 400 L228 360 Z" fill="${skin}"/>
    <rect x="178" y="300" width="44" height="70" rx="18" fill="${skin}"/>
    <ellipse cx="200" cy="222" rx="70" ry="84" fill="${skin}"/>
    <ellipse cx="130" cy="232" rx="12" ry="18" fill="${skin}"/><ellipse cx="270" cy="232" rx="12" ry="18" fill="${skin}"/>
    ${front}
    <ellipse cx="174" cy="234" rx="7" ry="9" fill="#3e2723"/><ellipse cx="226" cy="234" rx="7" ry="9" fill="#3e2723"/>
    <ellipse cx="160" cy="262" rx="14" ry="8" fill="#ff8a80" opacity=".35"/><ellipse cx="240" cy="262" rx="14" ry="8" fill="#ff8a80" opacity=".35"/>
    <path d="M182 272 Q200 288 218 272" fill="none" stroke="#8d4a3a" stroke-width="5" stroke-linecap="round"/>
    <circle cx="316" cy="394" r="40" fill="#fff"/>
    <text x="316" y="408" text-anchor="middle" font-size="40" font-weight="800" fill="${deep}">${initial}</text>`,
  );
}

// ---- All of them ----

const square = (name: ArtName, html: string): Shot => ({
  file: `${name}.jpg`,
  html,
  width: 480,
  height: 480,
});
const cover = (name: ArtName, html: string): Shot => ({ file: `${name}.jpg`, html, width: 960, height: 540 });

await saveJpegs(out, [
  square(ART.tshirtFront, tshirtFront),
  square(ART.tshirtBack, tshirtBack),
  square(ART.tshirtFolded, tshirtFolded),
  square(ART.flask, flask),
  square(ART.tote, tote),
  square(ART.poster, poster),
  square(ART.trialKit, trialKit),
  square(ART.cheerKit, cheerKit),
  square(ART.badge, badge),
  square(ART.notebooks, notebooks),
  square(ART.parcel, parcel),
  square(ART.phone, prizePhone),
  square(ART.earphones, prizeEarphones),
  square(ART.powerBank, prizePowerBank),
  square(ART.points, prizePoints),
  square(ART.coupon, prizeCoupon),
  square(ART.giftA, gift('#7e57c2', '#ffca28', 'A')),
  square(ART.giftB, gift('#26a69a', '#ef5350', 'B')),
  square(ART.giftC, gift('#ef5350', '#fff59d', 'C')),
  square(ART.giftD, gift('#42a5f5', '#ff80ab', 'D')),
  cover(ART.contestStars, contestStars),
  cover(ART.contestSingers, contestSingers),
  cover(ART.contestPhotos, contestPhotos),
  ...SURNAMES.flatMap((_, index) =>
    [true, false].map((longHair): Shot => ({
      file: `${playerArtName(index, longHair)}.jpg`,
      html: portrait(index, longHair),
      width: 400,
      height: 500,
      quality: 80,
    })),
  ),
]);
