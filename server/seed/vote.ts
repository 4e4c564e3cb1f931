/**
 * Voting demo data. Contest 1 (seeded by server/seed/events.ts, 320 players) is what screenshots show: this module only adds
 * its cover, sign-up form and judges' scores, and nothing ever votes there. Contest 2 is for browser tests that vote
 * and sign up (3 free votes a day, ties to reorder, a form with text, dropdown, checkbox and images); contest 3
 * charges 1.00 for registration and approves at once. VOTE_BENCH_PLAYERS=20000 adds contest 90 with that many players
 * (the client's scroll bench).
 */
import type { Sql } from '../db/sql.ts';
import { SEED_EPOCH } from './epoch.ts';

import { art, ART, type ArtName } from './demo-art.ts';
const YEAR = 365 * 86400;

export type SeedTools = {
  seedPlayers(sql: Sql, contestId: number, count: number, seedValue?: number): Promise<void>;
  prng(seed: number): () => number;
};

/** An option: its value (what a sign-up stores) is the Chinese label; `label_en` is what English shows. */
const option = (value: string, labelEn: string) => ({ value, label: value, label_en: labelEn });

/** The sign-up form of the demo contests: every field type the client renders, written in both languages. */
export const DEMO_FORM = [
  {
    key: 'name',
    label: '姓名',
    label_en: 'Name',
    type: 'text',
    required: true,
    max_count: 0,
    placeholder: '请输入姓名',
    placeholder_en: 'Your name',
  },
  {
    key: 'phone',
    label: '手机号',
    label_en: 'Mobile number',
    type: 'phone',
    required: true,
    max_count: 0,
    placeholder: '请输入手机号',
    placeholder_en: 'Your mobile number',
  },
  {
    key: 'group',
    label: '参赛组别',
    label_en: 'Age group',
    type: 'dropdown',
    required: true,
    max_count: 0,
    placeholder: '请选择组别',
    placeholder_en: 'Choose a group',
    options: [
      option('少年组', 'Juniors'),
      option('青年组', 'Young adults'),
      option('中年组', 'Adults'),
      option('老年组', 'Seniors'),
    ],
  },
  {
    key: 'talents',
    label: '才艺特长',
    label_en: 'Talents',
    type: 'checkbox',
    required: false,
    max_count: 3,
    placeholder: '',
    options: [
      option('唱歌', 'Singing'),
      option('舞蹈', 'Dance'),
      option('乐器', 'Instrument'),
      option('朗诵', 'Recitation'),
      option('书画', 'Calligraphy and painting'),
    ],
  },
  {
    key: 'photos',
    label: '参赛照片',
    label_en: 'Photos',
    type: 'images',
    required: true,
    max_count: 3,
    placeholder: '最多 3 张',
    placeholder_en: 'Up to 3',
  },
  {
    key: 'video',
    label: '参赛视频',
    label_en: 'Video',
    type: 'video',
    required: false,
    max_count: 1,
    placeholder: '不超过 300MB',
    placeholder_en: 'Up to 300 MB',
  },
  {
    key: 'description',
    label: '个人简介',
    label_en: 'About you',
    type: 'textarea',
    required: false,
    max_count: 0,
    placeholder: '介绍一下自己',
    placeholder_en: 'Tell us about yourself',
  },
];

const SHORT_FORM = DEMO_FORM.filter((field) => ['name', 'phone', 'photos'].includes(field.key));

const SCORE_ITEMS = [
  ['形象气质', '评委 张老师', 30],
  ['才艺表现', '评委 李老师', 40],
  ['综合印象', '评委 王老师', 30],
] as const;

async function seedScores(sql: Sql, contestId: number, random: () => number): Promise<void> {
  const players = await sql
    .selectFrom('players')
    .select('id')
    .where('contest_id', '=', contestId)
    .orderBy('number')
    .execute();
  const scores = players.flatMap((player) =>
    SCORE_ITEMS.map(([item, judge, max]) => ({
      player_id: player.id,
      item,
      judge,
      score: Math.round(max * (0.6 + 0.4 * random())),
      max_score: max,
    })),
  );
  for (let at = 0; at < scores.length; at += 2000)
    await sql
      .insertInto('player_scores')
      .values(scores.slice(at, at + 2000))
      .execute();
  // Each player's score is the sum of the judges' scores: one statement for the whole contest.
  await sql
    .updateTable('players')
    .set((eb) => ({
      score: eb
        .selectFrom('player_scores')
        .select((sub) => sub.fn.sum<number>('player_scores.score').as('sum'))
        .whereRef('player_scores.player_id', '=', 'players.id'),
    }))
    .where('contest_id', '=', contestId)
    .execute();
}

async function contest(
  sql: Sql,
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
    /** The drawn cover (server/seed/demo-art.ts). */
    cover: ArtName;
  },
): Promise<void> {
  await sql
    .insertInto('contests')
    .values({
      id: row.id,
      title: row.title,
      rules: row.rules,
      starts_at: SEED_EPOCH,
      ends_at: SEED_EPOCH + 10 * YEAR,
      daily_votes_per_user: row.daily,
      total_votes_per_user: row.total,
      votes_per_player_per_day: row.perPlayer,
      vote_price_cents: 100,
      sign_up_fee_cents: row.fee,
      cover: art(row.cover),
      form_fields: JSON.stringify(row.form),
      sign_up_review: row.review,
    })
    .execute();
}

async function teamsAndGroups(sql: Sql, contestId: number, teams: string[], groups: string[]): Promise<void> {
  await sql
    .insertInto('contest_teams')
    .values(teams.map((name) => ({ contest_id: contestId, name })))
    .execute();
  await sql
    .insertInto('contest_groups')
    .values(groups.map((name) => ({ contest_id: contestId, name })))
    .execute();
}

/** A contest with `count` generated players (deterministic), for benches. */
export async function seedBenchContest(sql: Sql, tools: SeedTools, id: number, count: number): Promise<void> {
  await contest(sql, {
    id,
    title: `${count} 位选手压力测试`,
    rules: '压力测试用评选。',
    daily: 5,
    total: 0,
    perPlayer: 0,
    fee: 0,
    review: 1,
    form: SHORT_FORM,
    cover: ART.contestStars,
  });
  await teamsAndGroups(sql, id, ['红队', '蓝队', '金队'], ['少年组', '青年组', '中年组', '老年组']);
  await tools.seedPlayers(sql, id, count, 97);
}

export async function seedVote(sql: Sql, tools: SeedTools): Promise<void> {
  // Contest 1: the screenshot contest (players and votes come from server/seed/events.ts and never change).
  await sql
    .updateTable('contests')
    .set({ cover: art(ART.contestStars), form_fields: JSON.stringify(DEMO_FORM), sign_up_review: 1 })
    .where('id', '=', 1)
    .execute();
  await seedScores(sql, 1, tools.prng(31));

  // Contest 2: browser tests vote and sign up here.
  await contest(sql, {
    id: 2,
    title: '校园歌手大赛（测试）',
    rules: '每人每天 3 票，可投给同一位选手。报名需审核。',
    daily: 3,
    total: 0,
    perPlayer: 3,
    fee: 0,
    review: 1,
    form: DEMO_FORM,
    cover: ART.contestSingers,
  });
  await teamsAndGroups(sql, 2, ['东区', '西区'], ['独唱组', '合唱组']);
  await tools.seedPlayers(sql, 2, 12, 23);
  // Ties (3 and 4, 7 and 8) so one vote visibly reorders the rank list.
  for (const [index, votes] of [30, 25, 20, 20, 18, 15, 12, 12, 10, 8, 5, 0].entries())
    await sql
      .updateTable('players')
      .set({ votes })
      .where('contest_id', '=', 2)
      .where('number', '=', index + 1)
      .execute();
  await seedScores(sql, 2, tools.prng(37));

  // Contest 3: registration costs 1.00; paid sign-ups become players at once.
  await contest(sql, {
    id: 3,
    title: '最美家乡摄影赛（付费报名）',
    rules: '报名费 1 元，支付后即可参赛。每人每天 5 票。',
    daily: 5,
    total: 0,
    perPlayer: 1,
    fee: 100,
    review: 0,
    form: SHORT_FORM,
    cover: ART.contestPhotos,
  });
  await teamsAndGroups(sql, 3, ['风光组', '人文组'], ['专业组', '业余组']);
  await tools.seedPlayers(sql, 3, 6, 29);

  const bench = Number(process.env.VOTE_BENCH_PLAYERS ?? 0);
  if (Number.isInteger(bench) && bench > 0) await seedBenchContest(sql, tools, 90, bench);
}
