/**
 * GET /v3/api/video/subtitles: the subtitle and caption tracks of an event's streams. POST /v3/api/video/subtitles:
 * an organiser uploads a .vtt or .srt file for the event's replay or an episode (server/subtitles/tracks.ts).
 */
import { needViewer } from '../accounts/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import type { ContractSchema } from '../contract/types.ts';
import { ApiFailure, ok, XCODE, type LocalizedText } from '../envelope.ts';
import { episodeStreamUrl } from '../events/live-room-routes.ts';
import { loadEvent, streamUrls } from '../events/routes.ts';
import { requireOrganiserRole } from '../organisations/roles.ts';
import type { Services } from '../services.ts';
import { subtitleIndex, type Track } from './tracks.ts';
import { parseSubtitleFile, SubtitleFileError, toWebVtt, type SubtitleProblem } from './webvtt.ts';

type SubtitleTrack = ContractSchema<'SubtitleTrack'>;

export const SUBTITLE_MESSAGES = {
  noReplay: { 'zh-CN': '该活动还没有回放，无法上传字幕', en: 'This event has no replay to add subtitles to' },
  noEpisode: { 'zh-CN': '该活动没有这个剧集', en: 'This event has no such episode' },
  shared: {
    'zh-CN': '该录像也被其他主办方的活动使用，不能为它上传字幕',
    en: 'This recording is also played by another organiser’s event: it cannot take subtitles',
  },
} as const satisfies Record<string, LocalizedText>;

/** What is wrong with a file, said with its line when there is one. */
function fileProblem(problem: SubtitleProblem, line: number, srt: boolean): LocalizedText {
  const kind = srt ? 'SubRip (.srt)' : 'WebVTT (.vtt)';
  const at = (text: LocalizedText): LocalizedText =>
    line ? { 'zh-CN': `第 ${line} 行：${text['zh-CN']}`, en: `Line ${line}: ${text.en}` } : text;
  switch (problem) {
    case 'empty':
      return { 'zh-CN': '字幕文件是空的', en: 'The subtitle file is empty' };
    case 'header':
      return at({ 'zh-CN': 'WebVTT 文件必须以 WEBVTT 开头', en: 'a WebVTT file must start with WEBVTT' });
    case 'timing':
      return at({
        'zh-CN': `时间轴格式不对，应为 00:00:01${srt ? ',' : '.'}000 --> 00:00:04${srt ? ',' : '.'}000`,
        en: `the timing line is not valid ${kind}: 00:00:01${srt ? ',' : '.'}000 --> 00:00:04${srt ? ',' : '.'}000`,
      });
    case 'no-cues':
      return { 'zh-CN': '字幕文件里没有字幕', en: 'The subtitle file has no cues' };
    case 'too-long':
      return { 'zh-CN': '字幕文件的字幕条数太多', en: 'The subtitle file has too many cues' };
  }
}

export function subtitleHandlers(
  services: Pick<Services, 'sql' | 'now' | 'events' | 'caches' | 'settings'>,
): HandlerMap {
  const { sql, now, events } = services;
  const index = subtitleIndex(services);
  const listed = (tracks: Track[], stream: string): SubtitleTrack[] =>
    tracks.map((track) => ({ ...track, stream }));
  const nameOf = (url: string) => /^\/streams\/(?:vod|live)\/([a-z0-9-]+)\//.exec(url)?.[1] ?? '';

  return {
    async videoSubtitles(request) {
      const event = await loadEvent(events, request.query.token);
      const { live_url, replay_url } = streamUrls(event);
      const tracks: SubtitleTrack[] = [];
      if (live_url) tracks.push(...listed(await index.tracks(nameOf(live_url), 'live'), live_url));
      if (replay_url) tracks.push(...listed(await index.tracks(nameOf(replay_url), 'vod'), replay_url));
      const episodes = await sql
        .selectFrom('episodes')
        .select(['id', 'stream'])
        .where('event_id', '=', event.id)
        .orderBy('position')
        .execute();
      for (const episode of episodes)
        tracks.push(...listed(await index.tracks(episode.stream, 'vod'), episodeStreamUrl(episode)));
      return ok({ tracks });
    },

    async videoSubtitleUpload(request) {
      const viewer = await needViewer(sql, request, now());
      const { token, episode_id: episodeId, language, name, file_name: fileName, content } = request.body;
      const event = await loadEvent(events, token);
      await requireOrganiserRole(sql, viewer.userId, event.organisation_id, 'subtitles');
      let stream = event.replay_stream;
      if (episodeId !== undefined) {
        const episode = await sql
          .selectFrom('episodes')
          .select('stream')
          .where('id', '=', episodeId)
          .where('event_id', '=', event.id)
          .executeTakeFirst();
        if (!episode) throw new ApiFailure(XCODE.notFound, SUBTITLE_MESSAGES.noEpisode);
        stream = episode.stream;
      }
      if (!stream) throw new ApiFailure(XCODE.badRequest, SUBTITLE_MESSAGES.noReplay);
      // A recording's subtitles show in every event that plays it: only its own organisation's events may.
      const foreign = await sql
        .selectFrom('events')
        .leftJoin('episodes', 'episodes.event_id', 'events.id')
        .select('events.id')
        .where((eb) =>
          eb.or([
            eb('events.replay_stream', '=', stream),
            eb('events.live_stream', '=', stream),
            eb('episodes.stream', '=', stream),
          ]),
        )
        .where((eb) =>
          event.organisation_id === null
            ? eb('events.organisation_id', 'is not', null)
            : eb.or([
                eb('events.organisation_id', 'is', null),
                eb('events.organisation_id', '!=', event.organisation_id),
              ]),
        )
        .executeTakeFirst();
      if (foreign) throw new ApiFailure(XCODE.forbidden, SUBTITLE_MESSAGES.shared);

      const srt = /\.srt$/i.test(fileName);
      let vtt: string;
      let cues: number;
      try {
        const parsed = parseSubtitleFile(fileName, content);
        vtt = toWebVtt(parsed);
        cues = parsed.length;
      } catch (error) {
        if (error instanceof SubtitleFileError)
          throw new ApiFailure(XCODE.badRequest, fileProblem(error.problem, error.line, srt));
        throw error;
      }
      const values = {
        name,
        vtt,
        organisation_id: event.organisation_id,
        uploaded_by: viewer.userId,
        created_at: now(),
      };
      const row = await sql
        .insertInto('subtitle_tracks')
        .values({ stream, language, ...values })
        .onConflict((conflict) => conflict.columns(['stream', 'language']).doUpdateSet(values))
        .returning('id')
        .executeTakeFirstOrThrow();
      const url =
        episodeId === undefined
          ? streamUrls({ live_stream: '', replay_stream: stream }).replay_url
          : episodeStreamUrl({ id: episodeId, stream });
      return ok({
        track: { id: `upload:${row.id}`, kind: 'subtitles', name, language, source: 'upload', stream: url },
        cues,
        converted: srt,
      });
    },
  };
}
