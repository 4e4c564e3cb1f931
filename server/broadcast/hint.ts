/** What `npm start` prints about going live on the demo event: the ingest's URL, the key, and one ffmpeg command. */
import type { Sql } from '../db/sql.ts';
import { streamKeyOf } from './keys.ts';

/** The ffmpeg command publishing a 720p30 test pattern with a burnt-in clock and a tone (README, "Going live"). */
export function testPatternCommand(url: string): string {
  return [
    'ffmpeg -re -f lavfi -i "testsrc2=size=1280x720:rate=30,drawtext=text=\'%{localtime\\:%X}\':fontsize=64:fontcolor=white:box=1:boxcolor=black@0.6:x=40:y=40"',
    '-f lavfi -i "sine=frequency=440" -c:v libx264 -preset veryfast -tune zerolatency -g 30 -keyint_min 30',
    `-sc_threshold 0 -pix_fmt yuv420p -b:v 2500k -c:a aac -b:a 128k -f flv ${url}`,
  ].join(' ');
}

/** The lines, or none when the event is missing (a database without the demo). */
export async function goLiveLines(
  sql: Sql,
  options: { host: string; port: number; eventToken: string; now: number },
): Promise<string[]> {
  const event = await sql
    .selectFrom('events')
    .select('id')
    .where('token', '=', options.eventToken)
    .executeTakeFirst();
  if (!event) return [];
  const key = await streamKeyOf(sql, event.id, options.now);
  const server = `rtmp://${options.host}:${options.port}/live`;
  return [
    `  Go live      on the ${options.eventToken} event from OBS: server ${server}, stream key ${key}`,
    '               (Output: H.264 + AAC, keyframe interval 1 s), or publish a test pattern with ffmpeg:',
    `               ${testPatternCommand(`${server}/${key}`)}`,
  ];
}
