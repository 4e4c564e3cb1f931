/**
 * Voting demo data. Contest 1 (seeded by server/seed.ts, 320 players) is what screenshots show: this module only adds
 * its cover, sign-up form and judges' scores, and nothing ever votes there. Contest 2 is for browser tests that vote
 * and sign up (3 free votes a day, ties to reorder, a form with text, dropdown, checkbox and images); contest 3
 * charges 1.00 for registration and approves at once. VOTE_BENCH_PLAYERS=20000 adds contest 90 with that many players
 * (the client's scroll bench).
 */
import type { Db } from '../db/database.ts';

/** SEED_EPOCH of server/seed.ts (importing it from there would be an import cycle). */
const SEED_EPOCH = 1767225600;
const COVER = '/streams/vod/demo/cover.jpg';
const YEAR = 365 * 86400;

export type SeedTools = {
  seedPlayers(db: Db, contestId: number, count: number, seedValue?: number): void;
  prng(seed: number): () => number;
};

const option = (value: string, label = value) => ({ value, label });

/** The sign-up form of the demo contests: every field type the client renders. */
export const DEMO_FORM = [
  { key: 'name', label: '姓名', type: 'text', required: true, max_count: 0, placeholder: '请输入姓名' },
  { key: 'phone', label: '手机号', type: 'phone', required: true, max_count: 0, placeholder: '请输入手机号' },
  {
    key: 'group',
    label: '参赛组别',
    type: 'dropdown',
    required: true,
    max_count: 0,
    placeholder: '请选择组别',
    options: [option('少年组'), option('青年组'), option('中年组'), option('老年组')],
  },
  {
    key: 'talents',
    label: '才艺特长',
    type: 'checkbox',
    required: false,
    max_count: 3,
    placeholder: '',
    options: [option('唱歌'), option('舞蹈'), option('乐器'), option('朗诵'), option('书画')],
  },
  {
    key: 'photos',
    label: '参赛照片',
    type: 'images',
    required: true,
    max_count: 3,
    placeholder: '最多 3 张',
  },
  {
    key: 'video',
    label: '参赛视频',
    type: 'video',
    required: false,
    max_count: 1,
    placeholder: '不超过 300MB',
  },
  {
    key: 'description',
    label: '个人简介',
    type: 'textarea',
    required: false,
    max_count: 0,
    placeholder: '介绍一下自己',
  },
];

const SHORT_FORM = DEMO_FORM.filter((field) => ['name', 'phone', 'photos'].includes(field.key));

const SCORE_ITEMS = [
  ['形象气质', '评委 张老师', 30],
  ['才艺表现', '评委 李老师', 40],
  ['综合印象', '评委 王老师', 30],
] as const;

function seedScores(db: Db, contestId: number, random: () => number): void {
  const players = db
    .prepare<[number], { id: number }>('SELECT id FROM players WHERE contest_id = ? ORDER BY number')
    .all(contestId);
  const insert = db.prepare(
    'INSERT INTO player_scores (player_id, item, judge, score, max_score) VALUES (?, ?, ?, ?, ?)',
  );
  const total = db.prepare('UPDATE players SET score = ? WHERE id = ?');
  for (const player of players) {
    let sum = 0;
    for (const [item, judge, max] of SCORE_ITEMS) {
      const score = Math.round(max * (0.6 + 0.4 * random()));
      sum += score;
      insert.run(player.id, item, judge, score, max);
    }
    total.run(sum, player.id);
  }
}

function contest(
  db: Db,
  row: {
    id: number;
    title: string;
    rules: string;
    daily: number;
    total: number;
    perPlayer: number;
    fee: number;
    review: 0 | 1;
    form: object[];
  },
): void {
  db.prepare(
    `INSERT INTO contests (id, title, rules, starts_at, ends_at, daily_votes_per_user, total_votes_per_user,
       votes_per_player_per_day, vote_price_cents, sign_up_fee_cents, cover, form_fields, sign_up_review)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 100, ?, ?, ?, ?)`,
  ).run(
    row.id,
    row.title,
    row.rules,
    SEED_EPOCH,
    SEED_EPOCH + 10 * YEAR,
    row.daily,
    row.total,
    row.perPlayer,
    row.fee,
    COVER,
    JSON.stringify(row.form),
    row.review,
  );
}

function teamsAndGroups(db: Db, contestId: number, teams: string[], groups: string[]): void {
  for (const name of teams)
    db.prepare('INSERT INTO contest_teams (contest_id, name) VALUES (?, ?)').run(contestId, name);
  for (const name of groups)
    db.prepare('INSERT INTO contest_groups (contest_id, name) VALUES (?, ?)').run(contestId, name);
}

/** A contest with `count` generated players (deterministic), for benches. */
export function seedBenchContest(db: Db, tools: SeedTools, id: number, count: number): void {
  contest(db, {
    id,
    title: `${count} 位选手压力测试`,
    rules: '压力测试用评选。',
    daily: 5,
    total: 0,
    perPlayer: 0,
    fee: 0,
    review: 1,
    form: SHORT_FORM,
  });
  teamsAndGroups(db, id, ['红队', '蓝队', '金队'], ['少年组', '青年组', '中年组', '老年组']);
  tools.seedPlayers(db, id, count, 97);
}

export function seedVote(db: Db, tools: SeedTools): void {
  // Contest 1: the screenshot contest (players and votes come from server/seed.ts and never change).
  db.prepare('UPDATE contests SET cover = ?, form_fields = ?, sign_up_review = 1 WHERE id = 1').run(
    COVER,
    JSON.stringify(DEMO_FORM),
  );
  seedScores(db, 1, tools.prng(31));

  // Contest 2: browser tests vote and sign up here.
  contest(db, {
    id: 2,
    title: '校园歌手大赛（测试）',
    rules: '每人每天 3 票，可投给同一位选手。报名需审核。',
    daily: 3,
    total: 0,
    perPlayer: 3,
    fee: 0,
    review: 1,
    form: DEMO_FORM,
  });
  teamsAndGroups(db, 2, ['东区', '西区'], ['独唱组', '合唱组']);
  tools.seedPlayers(db, 2, 12, 23);
  // Ties (3 and 4, 7 and 8) so one vote visibly reorders the rank list.
  [30, 25, 20, 20, 18, 15, 12, 12, 10, 8, 5, 0].forEach((votes, index) =>
    db.prepare('UPDATE players SET votes = ? WHERE contest_id = 2 AND number = ?').run(votes, index + 1),
  );
  seedScores(db, 2, tools.prng(37));

  // Contest 3: registration costs 1.00; paid sign-ups become players at once.
  contest(db, {
    id: 3,
    title: '最美家乡摄影赛（付费报名）',
    rules: '报名费 1 元，支付后即可参赛。每人每天 5 票。',
    daily: 5,
    total: 0,
    perPlayer: 1,
    fee: 100,
    review: 0,
    form: SHORT_FORM,
  });
  teamsAndGroups(db, 3, ['风光组', '人文组'], ['专业组', '业余组']);
  tools.seedPlayers(db, 3, 6, 29);

  const bench = Number(process.env.VOTE_BENCH_PLAYERS ?? 0);
  if (Number.isInteger(bench) && bench > 0) seedBenchContest(db, tools, 90, bench);
}
