#!/usr/bin/env bash
# Makes the small committed demo stream (server/media/demo): 12 s of a test pattern with a running clock and a tone,
# 1 s segments (fast first frame), two renditions (240p, 360p), H.264 baseline + AAC, with CEA-608 closed captions
# embedded in the video (CC1, from scripts/demo-captions/captions.json) and two WebVTT subtitle tracks (Chinese and
# English, from scripts/demo-captions/*.vtt, segmented along the video's segments). Needs ffmpeg (Debian package) and
# Node. The server serves it (server/streams/) as VOD and, looping it with a sliding window, as a simulated live stream.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/server/media/demo"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
rm -rf "$out" && mkdir -p "$out/240p" "$out/360p"

# The picture once, at the top rendition's size, as raw H.264 without B-frames; then the captions go in as A/53
# caption data (ffmpeg cannot add captions to a stream, only carry them through an encode: scripts/cea608.ts).
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "testsrc2=size=640x360:rate=25:duration=12" \
  -vf "drawtext=text='livev3 %{pts\\:hms}':x=10:y=10:fontsize=36:fontcolor=white:box=1:boxcolor=black@0.6" \
  -c:v libx264 -preset veryfast -crf 16 -bf 0 -g 25 -pix_fmt yuv420p -f h264 "$work/picture.h264"
node --import tsx "$root/scripts/cea608.ts" "$work/picture.h264" "$work/captioned.h264" 25 \
  "$root/scripts/demo-captions/captions.json"

render() { # name width height video-bitrate
  # The decoder hands each frame's caption data to the encoder, which writes it into the rendition (a53cc).
  ffmpeg -hide_banner -loglevel error -y \
    -f h264 -framerate 25 -i "$work/captioned.h264" \
    -f lavfi -i "sine=frequency=440:sample_rate=44100:duration=12" \
    -vf "scale=$2:$3" \
    -c:v libx264 -a53cc 1 -profile:v baseline -level 3.0 -preset veryfast -b:v "$4" -maxrate "$4" -bufsize "$4" \
    -g 25 -keyint_min 25 -sc_threshold 0 -pix_fmt yuv420p \
    -c:a aac -b:a 32k -ac 1 \
    -f hls -hls_time 1 -hls_playlist_type vod -hls_segment_filename "$out/$1/seg%02d.ts" "$out/$1/index.m3u8"
}
render 240p 426 240 120k
render 360p 640 360 220k
for lang in zh en; do
  node --import tsx "$root/scripts/segment-subtitles.ts" "$root/scripts/demo-captions/$lang.vtt" \
    "$out/240p/index.m3u8" "$out/subs-$lang"
done
cat > "$out/master.m3u8" <<'M3U8'
#EXTM3U
#EXT-X-VERSION:4
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="中文",LANGUAGE="zh",DEFAULT=NO,AUTOSELECT=YES,URI="subs-zh/index.m3u8"
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,URI="subs-en/index.m3u8"
#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="English (CC1)",LANGUAGE="en",INSTREAM-ID="CC1"
#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=426x240,CODECS="avc1.42c01e,mp4a.40.2",SUBTITLES="subs",CLOSED-CAPTIONS="cc"
240p/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=320000,RESOLUTION=640x360,CODECS="avc1.42c01e,mp4a.40.2",SUBTITLES="subs",CLOSED-CAPTIONS="cc"
360p/index.m3u8
M3U8
ffmpeg -hide_banner -loglevel error -y -f lavfi -i "testsrc2=size=640x360:rate=1:duration=1" -frames:v 1 -q:v 6 "$out/cover.jpg"
du -sh "$out"
