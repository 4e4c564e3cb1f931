import { describe, expect, it } from 'vitest';
import {
  firstPts,
  parseSrt,
  parseSubtitleFile,
  parseWebVtt,
  segmentTimes,
  SubtitleFileError,
  subtitlePlaylist,
  toWebVtt,
  webVttSegment,
} from './webvtt.ts';
import { masterTracks, withUploadedTracks } from './tracks.ts';

const problemOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof SubtitleFileError) return { problem: error.problem, line: error.line };
    throw error;
  }
  return null;
};

describe('SubRip to WebVTT', () => {
  it('converts cues: numbers dropped, comma times, several lines, Windows line ends and a byte-order mark', () => {
    const srt =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\nFirst line\r\nSecond line\r\n\r\n2\r\n00:01:03,2 --> 01:00:00,000\r\n<i>Two</i>\r\n';
    expect(toWebVtt(parseSrt(srt))).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nFirst line\nSecond line\n\n00:01:03.200 --> 01:00:00.000\n<i>Two</i>\n',
    );
  });

  it('keeps the tags WebVTT knows, drops <font>, escapes what WebVTT would read as markup', () => {
    const [cue] = parseSrt(
      '1\n00:00:01,000 --> 00:00:02,000\n<b>A</b> <font color="#fff">B</font> & C < D --> E &amp;\n',
    );
    expect(cue.text).toBe('<b>A</b> B &amp; C &lt; D --&gt; E &amp;');
  });

  it('takes cues without numbers and ignores coordinates after the times', () => {
    expect(
      parseSrt('00:00:01,000 --> 00:00:02,000 X1:10 X2:20\nA\n\n00:00:03,000 --> 00:00:04,000\nB'),
    ).toEqual([
      { start: 1000, end: 2000, settings: '', text: 'A' },
      { start: 3000, end: 4000, settings: '', text: 'B' },
    ]);
  });

  it('refuses what is no SubRip, with the line', () => {
    expect(problemOf(() => parseSrt(''))).toEqual({ problem: 'empty', line: 0 });
    expect(problemOf(() => parseSrt('1\n00:00:01 --> 00:00:02\nA'))).toEqual({ problem: 'timing', line: 2 });
    expect(problemOf(() => parseSrt('1\n00:00:05,000 --> 00:00:02,000\nA'))).toEqual({
      problem: 'timing',
      line: 2,
    });
    expect(problemOf(() => parseSrt('Just some text\nwithout times'))).toEqual({
      problem: 'timing',
      line: 1,
    });
  });
});

describe('WebVTT', () => {
  it('reads cues with identifiers and settings, skipping NOTE and STYLE blocks', () => {
    const vtt =
      'WEBVTT - a title\nKind: captions\n\nNOTE a note\n\nSTYLE\n::cue { color: red }\n\nintro\n00:01.000 --> 00:02.000 line:90% align:center\nHi\n';
    expect(parseWebVtt(vtt)).toEqual([
      { start: 1000, end: 2000, settings: 'line:90% align:center', text: 'Hi' },
    ]);
    expect(toWebVtt(parseWebVtt(vtt))).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000 line:90% align:center\nHi\n',
    );
  });

  it('refuses a file without the header, a broken timing line or no cues', () => {
    expect(problemOf(() => parseWebVtt('1\n00:00:01,000 --> 00:00:02,000\nA'))).toEqual({
      problem: 'header',
      line: 1,
    });
    expect(problemOf(() => parseWebVtt('WEBVTT\n\n00:00:01.000 -> 00:00:02.000\nA'))).toEqual({
      problem: 'timing',
      line: 3,
    });
    expect(problemOf(() => parseWebVtt('WEBVTT\n\nNOTE only a note\n'))).toEqual({
      problem: 'no-cues',
      line: 0,
    });
  });

  it('tells the formats apart by the file name, else by the header', () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,000\nA\n';
    expect(parseSubtitleFile('a.SRT', srt)).toHaveLength(1);
    expect(parseSubtitleFile('a', 'WEBVTT\n\n00:01.000 --> 00:02.000\nB')).toHaveLength(1);
    expect(parseSubtitleFile('a', srt)).toHaveLength(1);
  });
});

describe('segmented WebVTT', () => {
  const cues = parseWebVtt('WEBVTT\n\n00:00.500 --> 00:01.500\nA\n\n00:02.000 --> 00:03.000\nB\n');

  it('cuts along the video segments, each cue in every segment it overlaps, time 0 at the first timestamp', () => {
    const windows = segmentTimes([1, 1, 1.04]);
    expect(windows).toEqual([
      { start: 0, end: 1000 },
      { start: 1000, end: 2000 },
      { start: 2000, end: 3040 },
    ]);
    expect(webVttSegment(cues, 0, 1000, 126000)).toBe(
      'WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000\n\n00:00:00.500 --> 00:00:01.500\nA\n',
    );
    expect(webVttSegment(cues, 1000, 2000, 126000)).toContain('\nA\n');
    expect(webVttSegment(cues, 1000, 2000, 126000)).not.toContain('\nB\n');
    expect(webVttSegment(cues, 3040, 4000, 0)).toBe(
      'WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000\n\n',
    );
    expect(subtitlePlaylist([1, 1.04])).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:1.000,\nseg00.vtt\n#EXTINF:1.040,\nseg01.vtt\n#EXT-X-ENDLIST\n',
    );
  });

  it('reads the first timestamp of an MPEG-TS segment', () => {
    // One PES packet start on PID 0x100 with PTS 126000 (1.4 s), after a packet without a payload start.
    const packet = (start: boolean, pts?: number) => {
      const bytes = new Uint8Array(188).fill(0xff);
      bytes.set([0x47, (start ? 0x40 : 0) | 0x01, 0x00, 0x10]);
      if (pts !== undefined) {
        bytes.set([0, 0, 1, 0xe0, 0, 0, 0x80, 0x80, 5], 4);
        bytes.set(
          [
            0x21 | ((Math.floor(pts / 2 ** 30) & 7) << 1),
            (pts >> 22) & 0xff,
            (((pts >> 15) & 0x7f) << 1) | 1,
            (pts >> 7) & 0xff,
            ((pts & 0x7f) << 1) | 1,
          ],
          13,
        );
      }
      return bytes;
    };
    const ts = new Uint8Array([...packet(false), ...packet(true, 126000), ...packet(true, 1)]);
    expect(firstPts(ts)).toBe(126000);
    expect(firstPts(new Uint8Array(188))).toBeNull();
  });
});

describe('master playlists', () => {
  const demo = [
    '#EXTM3U',
    '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="中文",LANGUAGE="zh",URI="subs-zh/index.m3u8"',
    '#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="English (CC1)",LANGUAGE="en",INSTREAM-ID="CC1"',
    '#EXT-X-STREAM-INF:BANDWIDTH=200000,SUBTITLES="subs",CLOSED-CAPTIONS="cc"',
    '240p/index.m3u8',
    '',
  ].join('\n');

  it('lists the subtitle and caption tracks', () => {
    expect(masterTracks(demo).map(({ id, kind, name }) => [id, kind, name])).toEqual([
      ['stream:0', 'subtitles', '中文'],
      ['stream:1', 'captions', 'English (CC1)'],
    ]);
  });

  it('adds uploaded tracks to the playlist own subtitle group, or to a new one every variant refers to', () => {
    const added = withUploadedTracks(demo, [{ id: 7, name: '中文', language: 'zh-Hans' }]);
    expect(added).toContain(
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="中文 (7)",LANGUAGE="zh-Hans",DEFAULT=NO,AUTOSELECT=YES,URI="subtitles/7/index.m3u8"\n#EXT-X-STREAM-INF',
    );
    const plain = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\na.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=2\nb.m3u8\n';
    const fresh = withUploadedTracks(plain, [{ id: 1, name: 'En "x"', language: 'en' }]);
    expect(fresh).toContain('NAME="En x"');
    expect(fresh.match(/SUBTITLES="uploaded-subs"/g)).toHaveLength(2);
    expect(withUploadedTracks(plain, [])).toBe(plain);
  });
});
