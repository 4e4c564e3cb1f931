/**
 * ffmpeg publishing a test pattern over RTMP, as an encoder (OBS, a phone app) would: made in real time (`-re`),
 * H.264 with a keyframe a second and an AAC tone by default, or Sorenson video (`flv1`, which the ingest refuses). The
 * ingest's server test, its browser test and the broadcast bench publish with it.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export type TestPattern = {
  /** For its output (`progress` pipes ffmpeg's progress lines to `child.stdout`). */
  child: ChildProcess;
  /** ffmpeg's exit code once it ends (non-zero when the server refused or cut the stream). */
  exited: Promise<number>;
  /** Ends the stream as an encoder does when its operator stops it. */
  stop(): void;
  /** Drops the connection, as a crashed encoder or a lost network does. */
  kill(): void;
};

export function publishTestPattern(
  url: string,
  options: {
    seconds: number;
    size?: string;
    rate?: number;
    video?: 'h264' | 'flv1';
    bitrate?: string;
    /** Progress lines (`out_time_us=...`) on stdout ten times a second. */
    progress?: boolean;
  },
): TestPattern {
  const { seconds, size = '640x360', rate = 25, video = 'h264', bitrate, progress = false } = options;
  const h264 = video === 'h264';
  const child = spawn(
    'ffmpeg',
    [
      ...[
        '-hide_banner',
        '-loglevel',
        'error',
        '-re',
        '-f',
        'lavfi',
        '-i',
        `testsrc2=size=${size}:rate=${rate}`,
      ],
      ...(h264 ? ['-f', 'lavfi', '-i', 'sine=frequency=440'] : []),
      ...['-t', String(seconds)],
      ...(h264
        ? [
            ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency'],
            ...['-g', String(rate), '-keyint_min', String(rate), '-sc_threshold', '0'],
            ...(bitrate ? ['-b:v', bitrate] : []),
            ...['-pix_fmt', 'yuv420p', '-c:a', 'aac'],
          ]
        : ['-c:v', 'flv1']),
      ...['-f', 'flv', url],
      ...(progress ? ['-progress', 'pipe:1', '-stats_period', '0.1'] : []),
    ],
    { stdio: ['ignore', progress ? 'pipe' : 'ignore', 'ignore'] },
  );
  const exited = new Promise<number>((resolve) => child.once('close', (code) => resolve(code ?? -1)));
  return { child, exited, stop: () => child.kill('SIGINT'), kill: () => child.kill('SIGKILL') };
}
