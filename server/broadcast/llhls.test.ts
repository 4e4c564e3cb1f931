/**
 * Low-latency HLS: the writer that makes segments and playlists of ffmpeg's parts (on transport-stream parts made here,
 * a keyframe or not), the blocking-request rules, the shared playlist wait, and the stream routes that hold blocking
 * reloads and preload-hint requests behind the same signatures as every stream file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { ffmpegArguments, finishRecording } from './hls';
import { parsePlaylist } from './playlist';
import { readBroadcastSettings } from './settings';
import {
  blockingRequest,
  hasPart,
  partName,
  partSeconds,
  PlaylistWatch,
  playlistPosition,
  renditionWriter,
  startsWithKeyframe,
} from './llhls';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-llhls-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** One 188-byte transport packet: PID, whether a unit starts, the random-access flag, a payload. */
function packet(pid: number, unitStart: boolean, payload: number[], randomAccess = false): Buffer {
  const bytes = Buffer.alloc(188, 0xff);
  bytes[0] = 0x47;
  bytes[1] = (unitStart ? 0x40 : 0) | (pid >> 8);
  bytes[2] = pid & 0xff;
  // An adaptation field (its flags byte: random access or not) and a payload.
  bytes[3] = 0x30;
  bytes[4] = 1;
  bytes[5] = randomAccess ? 0x40 : 0;
  Buffer.from(payload).copy(bytes, 6);
  return bytes;
}
/** A part as ffmpeg's muxer starts one: PAT, PMT (AAC on 0x101, H.264 on 0x100), audio, then video. */
function transportStream(keyframe: boolean, fill = 0): Buffer {
  const pat = [0, 0x00, 0xb0, 13, 0, 1, 0xc1, 0, 0, 0, 1, 0xf0, 0x00, 0, 0, 0, 0];
  const pmt = [
    0,
    0x02,
    0xb0,
    23,
    0,
    1,
    0xc1,
    0,
    0,
    0xe1,
    0x00,
    0xf0,
    0x00,
    ...[0x0f, 0xe1, 0x01, 0xf0, 0x00],
    ...[0x1b, 0xe1, 0x00, 0xf0, 0x00],
    0,
    0,
    0,
    0,
  ];
  return Buffer.concat([
    packet(0, true, pat),
    packet(0x1000, true, pmt),
    packet(0x101, true, [0, 0, 1, 0xc0], true),
    packet(0x100, true, [0, 0, 1, 0xe0, fill], keyframe),
    packet(0x100, false, [fill]),
  ]);
}

describe('parts', () => {
  it('are told apart by whether their video starts with a keyframe', () => {
    expect(startsWithKeyframe(transportStream(true))).toBe(true);
    // The audio before it is flagged as random access too: only the video counts.
    expect(startsWithKeyframe(transportStream(false))).toBe(false);
    expect(startsWithKeyframe(Buffer.from('not a transport stream'))).toBe(false);
  });

  it('are as long as makes a whole number of them a segment', () => {
    expect(partSeconds(1, 333)).toBeCloseTo(1 / 3, 6);
    expect(partSeconds(2, 300)).toBeCloseTo(2 / 7, 6);
    expect(partSeconds(1, 1000)).toBe(1);
  });
});

/** A rendition folder ffmpeg writes into: parts (every third a keyframe) and its list of the last ones. */
function ffmpegFolder(name: string) {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  const listed: { sequence: number; duration: number }[] = [];
  return {
    dir,
    write(sequence: number, duration = 1 / 3, keyframe = sequence % 3 === 0) {
      fs.writeFileSync(path.join(dir, partName(sequence)), transportStream(keyframe, sequence));
      listed.push({ sequence, duration });
      const window = listed.slice(-30);
      const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:0'];
      lines.push(`#EXT-X-MEDIA-SEQUENCE:${window[0]?.sequence ?? 0}`);
      for (const part of window)
        lines.push(
          `#EXTINF:${part.duration.toFixed(6)},`,
          `#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:${String(part.sequence).padStart(2, '0')}.000+0000`,
          partName(part.sequence),
        );
      fs.writeFileSync(path.join(dir, 'parts.m3u8'), `${lines.join('\n')}\n`);
    },
    read: (file: string) => fs.readFileSync(path.join(dir, file), 'utf8'),
    bytes: (file: string) => fs.readFileSync(path.join(dir, file)),
  };
}

const writerFor = (dir: string) =>
  renditionWriter({ dir, segmentSeconds: 1, partSeconds: 1 / 3, windowSegments: 6 });

describe('the low-latency writer', () => {
  it('lists parts with their hint as they come, and makes a segment of whole parts at the next keyframe', () => {
    const folder = ffmpegFolder('first');
    const writer = writerFor(folder.dir);
    expect(writer.begin()).toBe(0);
    for (const sequence of [0, 1]) folder.write(sequence);
    expect(writer.poll()).toBe(true);
    expect(writer.poll()).toBe(false);
    let live = folder.read('live.m3u8');
    expect(live).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.002');
    expect(live).toContain('#EXT-X-PART-INF:PART-TARGET=0.334');
    expect(live).toContain('#EXT-X-PART:DURATION=0.333,URI="p000000.ts",INDEPENDENT=YES');
    expect(live).toContain('#EXT-X-PART:DURATION=0.333,URI="p000001.ts"\n');
    expect(live).toContain('#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00.000+0000');
    expect(live.trim().split('\n').at(-1)).toBe('#EXT-X-PRELOAD-HINT:TYPE=PART,URI="p000002.ts"');
    expect(live).not.toMatch(/^s\d+\.ts$/m);
    expect(fs.existsSync(path.join(folder.dir, 'index.m3u8'))).toBe(false);

    // Part 2 ends the first second; part 3 starts with a keyframe: the segment is parts 0-2.
    folder.write(2);
    folder.write(3);
    writer.poll();
    expect(folder.bytes('s00000.ts')).toEqual(
      Buffer.concat([0, 1, 2].map((sequence) => folder.bytes(partName(sequence)))),
    );
    const recorded = parsePlaylist(folder.read('index.m3u8'));
    expect(recorded.header).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    expect(recorded.header).toContain('#EXT-X-INDEPENDENT-SEGMENTS');
    expect(recorded.entries).toEqual([
      {
        tags: ['#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00.000+0000', '#EXTINF:1.000,'],
        uri: 's00000.ts',
      },
    ]);
    live = folder.read('live.m3u8');
    expect(live).toMatch(
      /URI="p000002.ts"\n#EXTINF:1.000,\ns00000.ts\n#EXT-X-PROGRAM-DATE-TIME:[^\n]+\n#EXT-X-PART:DURATION=0.333,URI="p000003.ts",INDEPENDENT=YES\n#EXT-X-PRELOAD-HINT:TYPE=PART,URI="p000004.ts"\n$/,
    );
    expect(playlistPosition(live)).toMatchObject({ lastSegment: 0, lastSegmentParts: 3, openParts: 1 });
  });

  it('keeps a window of six segments with the parts of the newest, and continues after a reconnect and a restart', () => {
    const folder = ffmpegFolder('window');
    let writer = writerFor(folder.dir);
    writer.begin();
    for (let sequence = 0; sequence < 27; sequence++) {
      folder.write(sequence);
      writer.poll();
    }
    let live = folder.read('live.m3u8');
    // Parts 0-23 made segments 0-7; parts 24-26 wait for the next keyframe.
    expect(live).toContain('#EXT-X-MEDIA-SEQUENCE:2\n#EXT-X-DISCONTINUITY-SEQUENCE:0');
    expect(live.match(/^s\d+\.ts$/gm)).toEqual([
      's00002.ts',
      's00003.ts',
      's00004.ts',
      's00005.ts',
      's00006.ts',
      's00007.ts',
    ]);
    expect(live.match(/#EXT-X-PART:/g)).toHaveLength(3 * 3 + 3);
    expect(live).not.toContain('p000014.ts');
    expect(live).toContain('URI="p000015.ts",INDEPENDENT=YES');

    // The publisher drops: the open parts become a segment, and players poll instead of holding requests.
    writer.finish();
    live = folder.read('live.m3u8');
    expect(live).toMatch(/s00008\.ts\n$/);
    expect(live).not.toContain('CAN-BLOCK-RELOAD');
    expect(live).not.toContain('PRELOAD-HINT');

    // It comes back: ffmpeg numbers its parts on, the next segment follows a discontinuity.
    expect(writer.begin()).toBe(27);
    for (let sequence = 27; sequence < 31; sequence++)
      folder.write(sequence, 1 / 3, sequence === 27 || sequence === 30);
    writer.poll();
    live = folder.read('live.m3u8');
    expect(live).toMatch(
      /s00008\.ts\n#EXT-X-DISCONTINUITY\n#EXT-X-PROGRAM-DATE-TIME:[^\n]+\n(#EXT-X-PART:[^\n]+\n){3}#EXTINF:1\.000,\ns00009\.ts\n/,
    );
    expect(live).toContain('CAN-BLOCK-RELOAD=YES');

    // The server restarts during the broadcast: a new writer goes on from the folder.
    writer.finish();
    writer = writerFor(folder.dir);
    expect(writer.begin()).toBe(31);
    for (let sequence = 31; sequence < 36; sequence++) folder.write(sequence, 1 / 3, sequence % 3 === 1);
    writer.poll();
    writer.finish();
    const recorded = parsePlaylist(folder.read('index.m3u8'));
    expect(recorded.entries.map((entry) => entry.uri)).toEqual(
      Array.from({ length: 13 }, (_, i) => `s${String(i).padStart(5, '0')}.ts`),
    );
    expect(
      recorded.entries
        .map((entry, i) => (entry.tags.includes('#EXT-X-DISCONTINUITY') ? i : -1))
        .filter((i) => i >= 0),
    ).toEqual([9, 11]);
    live = folder.read('live.m3u8');
    expect(live).toContain('#EXT-X-MEDIA-SEQUENCE:7\n#EXT-X-DISCONTINUITY-SEQUENCE:0');
    // The window's discontinuities: before s00009 and s00011.
    expect(live.match(/#EXT-X-DISCONTINUITY\n/g)).toHaveLength(2);

    // Every segment is its parts' bytes.
    expect(folder.bytes('s00009.ts')).toEqual(
      Buffer.concat([27, 28, 29].map((n) => folder.bytes(partName(n)))),
    );

    // The replay: the recording's segments as VOD, the parts and live playlists gone.
    const broadcastDir = path.dirname(folder.dir);
    fs.writeFileSync(path.join(broadcastDir, 'master.m3u8'), '#EXTM3U\n');
    expect(finishRecording(broadcastDir, ['window'])).toBe(12);
    const vod = folder.read('index.m3u8');
    expect(vod).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(vod.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(fs.readdirSync(folder.dir).filter((name) => !/^s\d+\.ts$/.test(name))).toEqual(['index.m3u8']);
  });

  it('cuts a segment without a keyframe when the encoder sends none for three segments', () => {
    const folder = ffmpegFolder('no-keyframes');
    const writer = writerFor(folder.dir);
    writer.begin();
    for (let sequence = 0; sequence < 19; sequence++) folder.write(sequence, 1 / 3, sequence === 0);
    writer.poll();
    const live = folder.read('live.m3u8');
    expect(live).toMatch(/#EXTINF:3\.000,\ns00000\.ts\n[^]*#EXTINF:3\.000,\ns00001\.ts\n/);
    expect(live).toContain('#EXT-X-TARGETDURATION:3');
    expect(live).not.toContain('INDEPENDENT-SEGMENTS');
  });
});

describe('the setting', () => {
  it('is on by default; off, ffmpeg writes plain HLS as before', () => {
    const on = readBroadcastSettings({}, root);
    expect(on).toMatchObject({ lowLatency: true, partMs: 333 });
    const off = readBroadcastSettings({ BROADCAST_LL_HLS: '0' }, root);
    expect(off.lowLatency).toBe(false);
    expect(() => readBroadcastSettings({ BROADCAST_LL_HLS: 'maybe' }, root)).toThrow(/BROADCAST_LL_HLS/);
    expect(() => readBroadcastSettings({ BROADCAST_PART_MS: '50' }, root)).toThrow(/BROADCAST_PART_MS/);
    const options = { dir: '/b', hasAudio: true, audioIsAac: true, append: false, firstPart: 42 };
    const plain = ffmpegArguments(off, options).join(' ');
    expect(plain).toContain('-fflags nobuffer');
    expect(plain).toContain('-hls_time 1 ');
    expect(plain).toContain('/b/%v/s%05d.ts /b/%v/index.m3u8');
    expect(plain).not.toContain('split_by_time');
    const low = ffmpegArguments(on, options).join(' ');
    expect(low).not.toContain('nobuffer');
    expect(low).toContain('-hls_time 333333us');
    expect(low).toContain('-start_number 42');
    expect(low).toContain('split_by_time+temp_file+program_date_time');
    expect(low).toContain('/b/%v/p%06d.ts /b/%v/parts.m3u8');
  });
});

describe('blocking requests', () => {
  const live = [
    '#EXTM3U',
    '#EXT-X-TARGETDURATION:1',
    '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.002',
    '#EXT-X-MEDIA-SEQUENCE:10',
    '#EXT-X-PART:DURATION=0.333,URI="p000030.ts",INDEPENDENT=YES',
    '#EXT-X-PART:DURATION=0.333,URI="p000031.ts"',
    '#EXT-X-PART:DURATION=0.333,URI="p000032.ts"',
    '#EXTINF:1.0,',
    's00010.ts',
    '#EXT-X-PART:DURATION=0.333,URI="p000033.ts",INDEPENDENT=YES',
    '#EXT-X-PRELOAD-HINT:TYPE=PART,URI="p000034.ts"',
  ].join('\n');

  it('are answered once the segment or part asked for is listed', () => {
    const position = playlistPosition(live);
    expect(position).toMatchObject({
      lastSegment: 10,
      lastSegmentParts: 3,
      openParts: 1,
      canBlock: true,
      hint: 'p000034.ts',
    });
    expect(hasPart(position, 10, null)).toBe(true);
    expect(hasPart(position, 11, null)).toBe(false);
    expect(hasPart(position, 10, 2)).toBe(true);
    // A part past the segment's last is the next segment's first.
    expect(hasPart(position, 10, 3)).toBe(true);
    expect(hasPart(position, 11, 0)).toBe(true);
    expect(hasPart(position, 11, 1)).toBe(false);
    expect(hasPart(position, 12, 0)).toBe(false);
  });

  it('read their directives, refusing a part without its segment', () => {
    expect(blockingRequest({})).toBeNull();
    expect(blockingRequest({ _HLS_msn: '11', _HLS_part: '0' })).toEqual({ msn: 11, part: 0 });
    expect(blockingRequest({ _HLS_msn: '11' })).toEqual({ msn: 11, part: null });
    expect(blockingRequest({ _HLS_part: '1' })).toBe('bad');
    expect(blockingRequest({ _HLS_msn: '-1' })).toBe('bad');
    expect(blockingRequest({ _HLS_msn: '1', _HLS_part: 'x' })).toBe('bad');
  });

  it('wait on one poll of the playlist, each until its condition holds or its time is up', async () => {
    const file = path.join(root, 'watched.m3u8');
    fs.writeFileSync(file, 'one');
    const watch = new PlaylistWatch(10);
    const start = performance.now();
    const waits = [
      watch.wait(file, (text) => text === 'two', 2000),
      watch.wait(file, (text) => text === 'two', 2000),
      watch.wait(file, (text) => text === 'three', 150),
      watch.wait(file, (text) => text === 'one', 2000),
    ];
    setTimeout(() => fs.writeFileSync(file, 'two'), 60);
    expect(await Promise.all(waits)).toEqual(['two', 'two', null, 'one']);
    expect(performance.now() - start).toBeGreaterThanOrEqual(140);
    expect(performance.now() - start).toBeLessThan(1500);
  });
});

describe('stream routes', () => {
  const dataDir = path.join(root, 'broadcasts');
  const rendition = path.join(dataDir, 'bc-4242', 'source');
  let app: Awaited<ReturnType<typeof buildServer>>;
  let folder: ReturnType<typeof ffmpegFolder>;
  let writer: ReturnType<typeof writerFor>;

  beforeAll(async () => {
    app = await buildServer({
      databasePath: ':memory:',
      mode: 'test',
      broadcast: { rtmpPort: null, dataDir },
    });
    folder = ffmpegFolder(path.relative(root, rendition));
    writer = writerFor(folder.dir);
    writer.begin();
    for (let sequence = 0; sequence < 5; sequence++) folder.write(sequence);
    writer.poll();
  });
  afterAll(async () => app.close());

  const signed = (file: string, query = '') => {
    const url = app.services.streams.sign(`/streams/live/bc-4242/${file}`);
    return query ? `${url}&${query}` : url;
  };
  const get = (url: string) => app.inject({ url });

  it('serve the low-latency playlist signed, its parts behind the signature', async () => {
    const playlist = await get(signed('source/index.m3u8'));
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toMatch(
      /#EXT-X-PART:DURATION=0\.333,URI="p000003\.ts\?exp=\d+&sig=[\w-]+",INDEPENDENT=YES/,
    );
    expect(playlist.body).toMatch(/#EXT-X-PRELOAD-HINT:TYPE=PART,URI="p000005\.ts\?exp=/);
    const part = await get(signed('source/p000003.ts'));
    expect(part.statusCode).toBe(200);
    expect(part.rawPayload).toEqual(folder.bytes('p000003.ts'));
    expect((await get('/streams/live/bc-4242/source/p000003.ts')).statusCode).toBe(403);
    expect((await get('/streams/live/bc-4242/source/index.m3u8?_HLS_msn=1&_HLS_part=0')).statusCode).toBe(
      403,
    );
  });

  it('hold a blocking reload until the part is listed, refuse bad ones, and answer 503 when the hold is over', async () => {
    const refused = await get(signed('source/index.m3u8', '_HLS_part=1'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ xcode: 400, msg: '播放列表请求参数有误' });
    const english = await app.inject({
      url: signed('source/index.m3u8', '_HLS_part=1'),
      headers: { 'accept-language': 'en' },
    });
    expect(english.json()).toMatchObject({ msg: 'Invalid playlist delivery directives' });
    expect((await get(signed('source/index.m3u8', '_HLS_msn=4'))).statusCode).toBe(400);
    // Listed already: at once.
    expect((await get(signed('source/index.m3u8', '_HLS_msn=1&_HLS_part=1'))).statusCode).toBe(200);

    const start = performance.now();
    const held = get(signed('source/index.m3u8', '_HLS_msn=1&_HLS_part=2'));
    const hint = get(signed('source/p000005.ts'));
    setTimeout(() => {
      folder.write(5);
      writer.poll();
    }, 300);
    const [reload, part] = await Promise.all([held, hint]);
    expect(performance.now() - start).toBeGreaterThanOrEqual(250);
    expect(reload.statusCode).toBe(200);
    expect(reload.body).toContain('URI="p000005.ts?exp=');
    expect(part.statusCode).toBe(200);
    expect(part.rawPayload).toEqual(folder.bytes('p000005.ts'));
    // A part well past the hint is not waited for.
    expect((await get(signed('source/p000009.ts'))).statusCode).toBe(404);

    // Nothing comes for three target durations: 503.
    const waited = performance.now();
    const late = await get(signed('source/index.m3u8', '_HLS_msn=2&_HLS_part=1'));
    expect(late.statusCode).toBe(503);
    expect(performance.now() - waited).toBeGreaterThanOrEqual(2900);
  }, 10_000);

  it('answer at once while no transcoder runs (players poll)', async () => {
    writer.finish();
    const start = performance.now();
    const reload = await get(signed('source/index.m3u8', '_HLS_msn=3&_HLS_part=0'));
    expect(reload.statusCode).toBe(200);
    expect(reload.body).not.toContain('CAN-BLOCK-RELOAD');
    expect(performance.now() - start).toBeLessThan(1000);
  });
});
