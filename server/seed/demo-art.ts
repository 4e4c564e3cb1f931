/**
 * The demo's drawn pictures of products, contests, players and prizes: committed JPEGs in server/media/demo-art,
 * drawn by scripts/make-demo-images.ts, served like the other demo covers (public .jpg files under /streams/vod/).
 * The names here are the files the script draws, so a seed that names a picture the script does not draw fails its
 * test (server/seed/demo-art.test.ts).
 */

export const DEMO_ART_DIR = 'demo-art';
const BASE = `/streams/vod/${DEMO_ART_DIR}`;

/** The drawn pictures by what they show. Products and prizes are square, contest covers 16:9, players 4:5. */
export const ART = {
  tshirtFront: 'tshirt-front',
  tshirtBack: 'tshirt-back',
  tshirtFolded: 'tshirt-folded',
  flask: 'flask',
  tote: 'tote',
  poster: 'poster',
  trialKit: 'trial-kit',
  cheerKit: 'cheer-kit',
  badge: 'badge',
  notebooks: 'notebooks',
  parcel: 'parcel',
  phone: 'prize-phone',
  earphones: 'prize-earphones',
  powerBank: 'prize-power-bank',
  points: 'prize-points',
  coupon: 'prize-coupon',
  giftA: 'prize-gift-a',
  giftB: 'prize-gift-b',
  giftC: 'prize-gift-c',
  giftD: 'prize-gift-d',
  contestStars: 'contest-stars',
  contestSingers: 'contest-singers',
  contestPhotos: 'contest-photos',
} as const;

export type ArtName = (typeof ART)[keyof typeof ART];

/** The address of a drawn picture. */
export const art = (name: ArtName | PlayerArt) => `${BASE}/${name}.jpg`;

/** Surnames and given names of the generated players (server/seed/events.ts). */
export const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '赵',
  '黄',
  '周',
  '吴',
  '徐',
  '孙',
  '胡',
  '朱',
  '高',
  '林',
];
export const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '强',
  '磊',
  '洋',
  '艳',
  '勇',
  '军',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '晨',
  '欣怡',
  '子轩',
];
/** Given names usually a woman's: her portrait has long hair. */
const LONG_HAIR = new Set(['芳', '娜', '敏', '静', '艳', '娟', '秀英', '欣怡']);

type PlayerArt = `player-${string}-${'a' | 'b'}`;

/** A player's portrait file: one per surname (its initial) and hair style (long `a`, short `b`). */
export function playerArtName(surnameIndex: number, longHair: boolean): PlayerArt {
  return `player-${String(surnameIndex + 1).padStart(2, '0')}-${longHair ? 'a' : 'b'}`;
}

/** The portrait of a generated player: the one of its surname and hair style. */
export function playerPhoto(name: string): string {
  const surname = SURNAMES.findIndex((candidate) => name.startsWith(candidate));
  const given = name.slice(1);
  return art(playerArtName(Math.max(surname, 0), LONG_HAIR.has(given)));
}
