#!/usr/bin/env bash
# Makes the small committed demo stream (server/media/demo): 12 s of a test pattern with a running clock and a tone,
# 1 s segments (fast first frame), two renditions (240p, 360p), H.264 baseline + AAC. Needs ffmpeg (Debian package).
# The server serves it (server/streams/) as VOD and, looping it with a sliding window, as a simulated live stream.
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/server/media/demo"
rm -rf "$out" && mkdir -p "$out/240p" "$out/360p"
render() { # name width height video-bitrate
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "testsrc2=size=$2x$3:rate=25:duration=12" \
    -f lavfi -i "sine=frequency=440:sample_rate=44100:duration=12" \
    -vf "drawtext=text='livev3 %{pts\\:hms}':x=10:y=10:fontsize=$(($3 / 10)):fontcolor=white:box=1:boxcolor=black@0.6" \
    -c:v libx264 -profile:v baseline -level 3.0 -preset veryfast -b:v "$4" -maxrate "$4" -bufsize "$4" \
    -g 25 -keyint_min 25 -sc_threshold 0 -pix_fmt yuv420p \
    -c:a aac -b:a 32k -ac 1 \
    -f hls -hls_time 1 -hls_playlist_type vod -hls_segment_filename "$out/$1/seg%02d.ts" "$out/$1/index.m3u8"
}
render 240p 426 240 120k
render 360p 640 360 220k
cat > "$out/master.m3u8" <<'M3U8'
#EXTM3U
#EXT-X-VERSION:3
#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=426x240,CODECS="avc1.42c01e,mp4a.40.2"
240p/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=320000,RESOLUTION=640x360,CODECS="avc1.42c01e,mp4a.40.2"
360p/index.m3u8
M3U8
ffmpeg -hide_banner -loglevel error -y -f lavfi -i "testsrc2=size=640x360:rate=1:duration=1" -frames:v 1 -q:v 6 "$out/cover.jpg"
du -sh "$out"
