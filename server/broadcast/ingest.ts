/**
 * The embedded ingest: RTMP on one port for every event, each publisher's stream turned into HLS by ffmpeg.
 *
 * RTMP is taken by node-media-server's protocol layer (handshake, chunking, AMF commands: a maintained
 * implementation, not a parser of ours); its server, store and HTTP parts are not used, so nothing of it keeps
 * global state or exits the process. The stream name is the event's key: a wrong or missing key, a second publisher
 * of an event, a play request, a codec other than H.264 video, or garbage is refused (the socket is closed) and logged.
 * An accepted publisher's FLV goes to one ffmpeg on its standard input (hls.ts: the ladder), which writes the
 * broadcast's folder; the lifecycle (lifecycle.ts) hears when the first segments are listed, when the publisher went,
 * and takes the recording once ffmpeg has written its last segment.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import type { Sql } from '../db/sql.ts';
import { broadcastStream, ffmpegArguments, finishRecording, listedSegments, masterPlaylist } from './hls.ts';
import { writeAtomically } from './playlist.ts';
import { eventOfStreamKey } from './keys.ts';
import { partSeconds, renditionWriter, type RenditionWriter } from './llhls.ts';
import { LIVE_WINDOW_SEGMENTS } from './routes.ts';
import type { Lifecycle, Recording, Stop } from './lifecycle.ts';
import type { BroadcastSettings } from './settings.ts';

/** node-media-server's RTMP protocol object: feed it bytes, it calls back with commands and media packets. */
type RtmpProtocol = {
  parserData(buffer: Buffer): string | null;
  onConnectCallback: (request: { app: string; name: string }) => void;
  onPlayCallback: () => void;
  onPushCallback: () => void;
  onPacketCallback: (packet: MediaPacket) => void;
  onOutputCallback: (buffer: Buffer) => void;
  onDeleteStream: (message: unknown) => void;
};
/** One FLV tag as the protocol hands it over (codec_type 8 audio, 9 video, 18 data). */
type MediaPacket = {
  codec_type: number;
  codec_id: number;
  flags: number;
  size: number;
  data: Buffer;
  dts: number;
};
type FlvCodec = {
  createHeader(hasAudio: boolean, hasVideo: boolean): Buffer;
  createMessage(packet: MediaPacket): Buffer;
};

const require = createRequire(import.meta.url);
const Rtmp = require('node-media-server/src/protocol/rtmp.js') as new () => RtmpProtocol;
const Flv = require('node-media-server/src/protocol/flv.js') as FlvCodec;

const AUDIO = 8;
const VIDEO = 9;
const CODEC_H264 = 7;
const CODEC_AAC = 10;
/** FLV video codec ids by name, for the log line of a refused codec. */
const VIDEO_CODECS: Record<number, string> = { 2: 'Sorenson H.263', 4: 'VP6', 5: 'VP6 alpha', 12: 'HEVC' };
/** How much a publisher may send before its first H.264 keyframe (then it is refused: no usable video). */
const MAX_PENDING_BYTES = 16 * 1024 * 1024;
/** How far ffmpeg may fall behind the publisher before the broadcast is stopped (it cannot keep up). */
const MAX_BACKLOG_BYTES = 64 * 1024 * 1024;
/** How soon after connecting a publisher must have published (and been accepted). */
const PUBLISH_WITHIN_MS = 5_000;
/** How long a publisher may send nothing before it counts as dropped. */
const SILENT_MS = 10_000;
/** How often the low-latency writers look for new parts (a part is listed this much after ffmpeg wrote it, at most). */
const PART_POLL_MS = 20;
/** How many segments every rendition lists before the room is switched to the player. */
const SEGMENTS_ON_AIR = 1;

type Log = { info(message: string): void; warn(message: string): void; error(message: string): void };

export type Ingest = {
  /** The port RTMP is taken on (the one asked for, or the system's pick for 0). */
  port: number;
  /** The recording of an ended broadcast as VOD (waits for ffmpeg's last segment). */
  recording(broadcastId: number): Promise<Recording>;
  /** Whether a publisher of the event sends to this node. */
  publishes(eventId: number): boolean;
  /**
   * Drops the event's publisher on this node as if its encoder had stopped (the organiser ended the broadcast: no
   * reconnect grace); resolves once the lifecycle has ended it. False when no publisher of the event is here.
   */
  end(eventId: number): Promise<boolean>;
  close(): Promise<void>;
};

/** Whether ffmpeg runs; the reason when it does not. */
export function ffmpegProblem(ffmpeg: string): string | null {
  const probe = spawnSync(ffmpeg, ['-hide_banner', '-version'], { encoding: 'utf8', timeout: 10_000 });
  if (probe.error) return `${ffmpeg} cannot be run (${probe.error.message})`;
  if (probe.status !== 0) return `${ffmpeg} -version failed`;
  return null;
}

/** What ffmpeg's last error lines mean, for the log and the broadcast's reason. */
function failureReason(stderr: string): string {
  if (/No space left on device|ENOSPC/i.test(stderr)) return 'disk full';
  if (/Invalid data found|could not find codec|Error while decoding|invalid/i.test(stderr))
    return 'bad input';
  return 'transcoder failed';
}

export async function startIngest(options: {
  settings: BroadcastSettings;
  sql: Sql;
  lifecycle: Lifecycle;
  log: Log;
}): Promise<Ingest> {
  const { settings, sql, lifecycle, log } = options;
  const rungs = settings.ladder.map((rung) => rung.name);
  /** Events with a publisher on this node (set before any wait, so two at once cannot both pass). */
  const publishing = new Set<number>();
  /** Each broadcast's last ffmpeg, until it has written its last segment. */
  const transcoders = new Map<number, Promise<void>>();
  const sockets = new Set<net.Socket>();
  /** Each accepted publisher's way to end its broadcast, by event. */
  const enders = new Map<number, () => Promise<void>>();
  let closing = false;

  const dirOf = (broadcastId: number) => path.join(settings.dataDir, broadcastStream(broadcastId));
  /** Each broadcast's low-latency writers, one per rendition, while it may go on (llhls.ts). */
  const writers = new Map<number, RenditionWriter[]>();
  const writersOf = (broadcastId: number) => {
    let made = writers.get(broadcastId);
    if (!made) {
      const part = partSeconds(settings.segmentSeconds, settings.partMs);
      made = rungs.map((rung) =>
        renditionWriter({
          dir: path.join(dirOf(broadcastId), rung),
          segmentSeconds: settings.segmentSeconds,
          partSeconds: part,
          windowSegments: LIVE_WINDOW_SEGMENTS,
        }),
      );
      writers.set(broadcastId, made);
    }
    return made;
  };

  const handle = (socket: net.Socket) => {
    sockets.add(socket);
    const from = `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`;
    const rtmp = new Rtmp();
    let app = '';
    let key = '';
    let eventId: number | null = null;
    let broadcastId: number | null = null;
    let resumed = false;
    let stoppedByEncoder = false;
    let failure: string | null = null;
    let ended = false;
    /** Resolves the organiser's end (enders) once the lifecycle has heard of the stop. */
    let settled = () => {};
    /** What came before ffmpeg starts, and whether each is a frame from before the first keyframe. */
    let pending: { message: Buffer; beforeKeyframe: boolean }[] = [];
    let pendingBytes = 0;
    let sawAudio = false;
    let audioIsAac = true;
    let sawVideoHeader = false;
    let accepted = false;
    let ffmpeg: ChildProcessWithoutNullStreams | null = null;

    const refuse = (why: string) => {
      log.warn(`RTMP publisher ${from} refused: ${why}`);
      socket.destroy();
    };

    const fail = (reason: string, detail: string) => {
      if (failure) return;
      failure = reason;
      log.error(
        `RTMP publisher ${from}${eventId ? ` (event ${eventId})` : ''} stopped: ${reason}${detail ? `: ${detail}` : ''}`,
      );
      socket.destroy();
    };

    const watchOnAir = (id: number) => {
      const dir = dirOf(id);
      const timer = setInterval(() => {
        if (ended || failure) return clearInterval(timer);
        if (listedSegments(dir, rungs) >= SEGMENTS_ON_AIR) {
          clearInterval(timer);
          lifecycle.onAir(id).catch((error: unknown) => log.error(`broadcast ${id}: ${String(error)}`));
        }
      }, 200);
    };

    const startTranscoder = async (id: number, hasAudio: boolean) => {
      const dir = dirOf(id);
      // A reconnect continues the playlists once the previous publisher's ffmpeg has written its last segment.
      await transcoders.get(id);
      if (ended) return;
      try {
        fs.mkdirSync(dir, { recursive: true });
        for (const rung of rungs) fs.mkdirSync(path.join(dir, rung), { recursive: true });
        writeAtomically(path.join(dir, 'master.m3u8'), masterPlaylist(settings.ladder, hasAudio));
      } catch (error) {
        fail(/ENOSPC/.test(String(error)) ? 'disk full' : 'cannot write the broadcast folder', String(error));
        return;
      }
      const append = fs.existsSync(path.join(dir, rungs[0] ?? '', 'index.m3u8'));
      // Low latency: the writers of the renditions (kept for a reconnect) go on from their last part.
      let writers: RenditionWriter[] = [];
      let firstPart = 0;
      if (settings.lowLatency) {
        writers = writersOf(id);
        try {
          firstPart = Math.max(...writers.map((writer) => writer.begin()));
        } catch (error) {
          fail('cannot write the broadcast folder', String(error));
          return;
        }
      }
      const args = ffmpegArguments(settings, { dir, hasAudio, audioIsAac, append, firstPart });
      const child = spawn(settings.ffmpeg, args, { stdio: ['pipe', 'pipe', 'pipe'] });
      ffmpeg = child;
      const write = (step: (writer: RenditionWriter) => void) => {
        try {
          for (const writer of writers) step(writer);
        } catch (error) {
          fail(
            /ENOSPC/.test(String(error)) ? 'disk full' : 'cannot write the broadcast folder',
            String(error),
          );
        }
      };
      const polling =
        writers.length > 0 ? setInterval(() => write((writer) => writer.poll()), PART_POLL_MS) : null;
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-4000);
      });
      child.stdout.resume();
      child.stdin.on('error', () => {
        // ffmpeg went away: its exit says why.
      });
      const done = new Promise<void>((resolve) => {
        child.once('error', (error) => {
          if (polling) clearInterval(polling);
          fail('transcoder failed', error.message);
          resolve();
        });
        child.once('close', (code, signal) => {
          ffmpeg = null;
          if (polling) clearInterval(polling);
          write((writer) => writer.finish());
          if (code !== 0 && !closing)
            fail(
              failureReason(stderr),
              stderr.trim().split('\n').slice(-2).join(' | ') || `exit ${code ?? signal}`,
            );
          resolve();
        });
      });
      transcoders.set(id, done);
      child.stdin.write(Flv.createHeader(hasAudio, true));
      // Low latency: ffmpeg starts with the keyframe (the codecs' headers kept, the frames before it left out): its
      // hls muxer counts the parts' times from its first packet, which must be the video's for a keyframe every few
      // parts to start one (llhls.ts).
      for (const { message, beforeKeyframe } of pending)
        if (!(settings.lowLatency && beforeKeyframe)) child.stdin.write(message);
      pending = [];
      pendingBytes = 0;
      if (!resumed || !append) watchOnAir(id);
      log.info(
        `broadcast ${id}: ${resumed ? 'publisher back' : 'publishing'} from ${from} (${rungs.join(', ')})`,
      );
    };

    let sawKeyframe = false;
    /** The first keyframe's timestamp (ms). */
    let keyframeDts: number | null = null;
    let starting = false;
    const maybeStart = () => {
      if (starting || !accepted || !sawKeyframe || broadcastId === null || failure || ended) return;
      starting = true;
      void startTranscoder(broadcastId, sawAudio);
    };

    const onPacket = (packet: MediaPacket) => {
      if (failure || ended) return;
      const message = Flv.createMessage(packet);
      if (packet.codec_type === AUDIO) {
        sawAudio = true;
        if (packet.codec_id !== CODEC_AAC) audioIsAac = false;
      }
      if (packet.codec_type === VIDEO && !sawVideoHeader) {
        if (packet.codec_id !== CODEC_H264) {
          const name = VIDEO_CODECS[packet.codec_id] ?? `codec ${packet.codec_id}`;
          fail('unsupported codec', `${name} video; send H.264`);
          return;
        }
        sawVideoHeader = true;
      }
      if (ffmpeg) {
        ffmpeg.stdin.write(message);
        if (ffmpeg.stdin.writableLength > MAX_BACKLOG_BYTES)
          fail('transcoder cannot keep up', 'backlog over 64 MB');
        return;
      }
      const isKeyframe = packet.codec_type === VIDEO && packet.flags === 3;
      if (isKeyframe && keyframeDts === null) keyframeDts = packet.dts;
      // Frames (audio, or video other than the codecs' headers) from before the first keyframe: sent earlier, or
      // audio stamped earlier than it.
      const isFrame =
        (packet.codec_type === AUDIO && packet.flags !== 0) ||
        (packet.codec_type === VIDEO && packet.flags !== 2);
      const early = isFrame && !isKeyframe && (keyframeDts === null || packet.dts < keyframeDts);
      pending.push({ message, beforeKeyframe: early });
      pendingBytes += message.length;
      if (pendingBytes > MAX_PENDING_BYTES) return fail('bad input', 'no H.264 keyframe in the first 16 MB');
      // Start at the first keyframe (the audio, if any, has said what it is by then).
      if (isKeyframe) sawKeyframe = true;
      maybeStart();
    };

    const onPush = async () => {
      if (app !== 'live')
        return refuse(
          `unknown application "${app}" (publish to rtmp://<host>:${settings.rtmpPort ?? ''}/live)`,
        );
      if (!key) return refuse('no stream key');
      const event = await eventOfStreamKey(sql, key);
      if (!event) return refuse(`wrong stream key "${key.slice(0, 8)}…"`);
      if (publishing.has(event.id)) return refuse(`event ${event.token} already has a publisher`);
      publishing.add(event.id);
      eventId = event.id;
      if (socket.destroyed) return publishing.delete(event.id);
      const answer = await lifecycle.publish(event.id);
      if (!answer.ok) {
        publishing.delete(event.id);
        eventId = null;
        return refuse(`event ${event.token} already has a publisher (on another node)`);
      }
      broadcastId = answer.broadcastId;
      resumed = answer.resumed;
      accepted = true;
      enders.set(event.id, () => {
        stoppedByEncoder = true;
        const gone = new Promise<void>((resolve) => (settled = resolve));
        socket.destroy();
        return gone;
      });
      log.info(`RTMP publisher ${from} accepted for event ${event.token} (broadcast ${broadcastId})`);
      if (socket.destroyed) return onClose();
      maybeStart();
    };

    const onClose = async () => {
      sockets.delete(socket);
      if (ended) return;
      ended = true;
      if (eventId === null || broadcastId === null || !accepted) {
        if (eventId !== null && !accepted) publishing.delete(eventId);
        return;
      }
      const id = broadcastId;
      const child = ffmpeg;
      if (child) child.stdin.end();
      publishing.delete(eventId);
      enders.delete(eventId);
      const stop: Stop = failure
        ? { how: 'failed', reason: failure }
        : stoppedByEncoder
          ? { how: 'stopped' }
          : { how: 'dropped' };
      // A server shutting down leaves the broadcast to the next start (recoverBroadcasts: the reconnect grace).
      if (closing) return settled();
      if (!failure && !stoppedByEncoder) log.warn(`RTMP publisher ${from} (broadcast ${id}) dropped`);
      await lifecycle
        .stopped(id, stop)
        .catch((error: unknown) => log.error(`broadcast ${id}: ${String(error)}`));
      settled();
    };

    rtmp.onOutputCallback = (buffer) => {
      if (!socket.destroyed) socket.write(buffer);
    };
    rtmp.onConnectCallback = (request) => {
      app = request.app;
      key = request.name;
    };
    rtmp.onPlayCallback = () => refuse('playing over RTMP is not offered (viewers watch HLS)');
    rtmp.onPushCallback = () => {
      onPush().catch((error: unknown) => {
        log.error(`RTMP publisher ${from}: ${String(error)}`);
        socket.destroy();
      });
    };
    rtmp.onPacketCallback = onPacket;
    rtmp.onDeleteStream = () => {
      stoppedByEncoder = true;
    };
    // An encoder publishes within moments of connecting: anything else (a scanner, garbage that looks like the start
    // of a huge message) is closed.
    const publishDeadline = setTimeout(() => {
      if (!accepted) fail('bad input', `no publish command within ${PUBLISH_WITHIN_MS / 1000} s`);
    }, PUBLISH_WITHIN_MS);
    socket.once('close', () => clearTimeout(publishDeadline));
    // A publisher that stops sending without closing (a stalled network) has dropped: the lifecycle's grace applies.
    socket.setTimeout(SILENT_MS, () => {
      if (!accepted) return fail('bad input', `nothing received for ${SILENT_MS / 1000} s`);
      log.warn(`RTMP publisher ${from} sent nothing for ${SILENT_MS / 1000} s: dropped`);
      socket.destroy();
    });
    socket.on('data', (data: Buffer) => {
      if (failure || ended) return;
      let problem: string | null;
      try {
        problem = rtmp.parserData(data);
      } catch (error) {
        problem = String(error);
      }
      if (problem) fail('bad input', `not RTMP (${problem})`);
    });
    socket.on('error', (error) => log.warn(`RTMP connection ${from}: ${error.message}`));
    socket.on('close', () => {
      onClose().catch((error: unknown) => log.error(String(error)));
    });
  };

  const server = net.createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.rtmpPort ?? 0, settings.rtmpHost, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => log.error(`RTMP ingest: ${error.message}`));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (settings.rtmpPort ?? 0);

  return {
    port,
    async recording(broadcastId) {
      await transcoders.get(broadcastId);
      writers.delete(broadcastId);
      const durationS = finishRecording(dirOf(broadcastId), rungs);
      return durationS > 0 ? { stream: broadcastStream(broadcastId), durationS } : null;
    },
    publishes: (eventId) => enders.has(eventId),
    async end(eventId) {
      const ender = enders.get(eventId);
      if (!ender) return false;
      log.info(`event ${eventId}: the organiser ended the broadcast; dropping its publisher`);
      await ender();
      return true;
    },
    async close() {
      closing = true;
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await Promise.race([
        Promise.all(transcoders.values()),
        new Promise((resolve) => setTimeout(resolve, 3000).unref()),
      ]);
    },
  };
}
