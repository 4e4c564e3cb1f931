/**
 * CEA-608 closed captions embedded in H.264, for the demo stream (scripts/make-streams.sh). Debian's ffmpeg 5.1 carries
 * captions through an encode (the H.264 decoder exports A/53 caption data, libx264's `a53cc` writes it back) but has
 * no way to put captions from a file into a stream that has none, so this writes them in: each caption becomes
 * CEA-608 pop-on codes for channel CC1 (load into the hidden memory, then flip it on screen at the cue's time), one
 * byte pair per frame as ATSC A/53 cc_data in an SEI message (user data registered by ITU-T T.35, 'GA94') inserted in
 * the frame's access unit of an Annex B stream without B-frames (decode order is display order).
 *
 *   node --import tsx scripts/cea608.ts <in.h264> <out.h264> <fps> <captions.json>
 *
 * captions.json: [{ "start": seconds, "end": seconds, "row": 1-15 (default 15), "text": "ASCII text" }, ...]
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

export type Caption = { start: number; end: number; row?: number; text: string };

/** A byte with CEA-608's odd parity in its top bit. */
export function withParity(byte: number): number {
  let ones = 0;
  for (let bit = 0; bit < 7; bit++) ones += (byte >> bit) & 1;
  return ones % 2 === 0 ? byte | 0x80 : byte & 0x7f;
}

type Pair = [number, number];

// Channel 1 control codes (first byte 0x14): resume caption loading, erase non-displayed memory, end of caption
// (flip memories), erase displayed memory.
const RCL: Pair = [0x14, 0x20];
const ENM: Pair = [0x14, 0x2e];
const EOC: Pair = [0x14, 0x2f];
const EDM: Pair = [0x14, 0x2c];

/** Preamble address codes' first byte and second-byte base (0x40 or 0x60) of rows 1-15 on channel 1. */
const ROW_PAC: Record<number, Pair> = {
  1: [0x11, 0x40],
  2: [0x11, 0x60],
  3: [0x12, 0x40],
  4: [0x12, 0x60],
  5: [0x15, 0x40],
  6: [0x15, 0x60],
  7: [0x16, 0x40],
  8: [0x16, 0x60],
  9: [0x17, 0x40],
  10: [0x17, 0x60],
  11: [0x10, 0x40],
  12: [0x13, 0x40],
  13: [0x13, 0x60],
  14: [0x14, 0x40],
  15: [0x14, 0x60],
};

/** The preamble address code placing the cursor at `row` (1-15), indented by `indent` columns (0-28, steps of 4). */
export function preamble(row: number, indent = 0): Pair {
  const pac = ROW_PAC[row];
  if (!pac) throw new Error(`CEA-608 has rows 1 to 15, not ${row}`);
  const step = Math.min(7, Math.max(0, Math.floor(indent / 4)));
  return [pac[0], pac[1] + 0x10 + step * 2];
}

/** Control codes go twice (decoders drop a repeated one: a lost byte pair loses nothing). */
const twice = (pair: Pair): Pair[] => [pair, pair];

/**
 * Byte pairs (no parity yet) that load a pop-on caption into the hidden memory, and the pair that shows it. Text is
 * CEA-608's basic character set (printable ASCII; the few codes that differ from ASCII are not used here).
 */
export function popOnCaption(text: string, row = 15): { load: Pair[]; show: Pair[] } {
  if (!/^[\x20-\x7e]*$/.test(text) || /[*\\^_`{|}~]/.test(text))
    throw new Error(`CEA-608 basic characters only: ${JSON.stringify(text)}`);
  if (text.length > 32) throw new Error(`a CEA-608 row holds 32 characters: ${JSON.stringify(text)}`);
  const indent = Math.floor((32 - text.length) / 2);
  const codes = [...text].map((char) => char.charCodeAt(0));
  if (codes.length % 2) codes.push(0);
  const chars: Pair[] = [];
  for (let i = 0; i < codes.length; i += 2) chars.push([codes[i], codes[i + 1]]);
  return {
    load: [...twice(RCL), ...twice(ENM), ...twice(preamble(row, indent)), ...chars],
    show: twice(EOC),
  };
}

/**
 * The byte pair each frame carries (null: padding), for captions at `fps`: a caption's codes load in the frames just
 * before its start, its flip lands on its start frame, and the screen is erased at its end.
 */
export function captionSchedule(captions: readonly Caption[], fps: number, frames: number): (Pair | null)[] {
  const slots: (Pair | null)[] = new Array<Pair | null>(frames).fill(null);
  const place = (frame: number, pairs: Pair[]) => {
    for (let i = 0; i < pairs.length; i++) {
      const at = frame + i;
      if (at < 0 || at >= frames) throw new Error(`caption codes fall outside the video (frame ${at})`);
      if (slots[at]) throw new Error(`captions overlap at frame ${at}: leave more time between them`);
      slots[at] = pairs[i];
    }
  };
  for (const caption of captions) {
    const { load, show } = popOnCaption(caption.text, caption.row);
    const startFrame = Math.round(caption.start * fps);
    place(startFrame - load.length, load);
    place(startFrame, show);
    place(Math.round(caption.end * fps), twice(EDM));
  }
  return slots;
}

/** H.264 emulation prevention: a 0x03 after two zero bytes wherever the next byte is 0-3. */
function escape(payload: number[]): number[] {
  const out: number[] = [];
  let zeros = 0;
  for (const byte of payload) {
    if (zeros >= 2 && byte <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(byte);
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return out;
}

/** An SEI NAL unit (Annex B, with its start code) carrying one CEA-608 field-1 byte pair as A/53 cc_data. */
export function captionSei(pair: Pair | null): Uint8Array {
  const [a, b] = pair ? [withParity(pair[0]), withParity(pair[1])] : [0x80, 0x80];
  const userData = [
    0xb5, // ITU-T T.35 country code: United States
    0x00,
    0x31, // provider: ATSC
    0x47,
    0x41,
    0x39,
    0x34, // 'GA94'
    0x03, // cc_data
    0xc0 | 1, // process_cc_data_flag, one cc
    0xff, // em_data
    pair ? 0xfc : 0xf8, // marker bits, cc_valid, cc_type 0 (field 1)
    a,
    b,
    0xff, // marker bits
  ];
  const sei = [0x06, 0x04, userData.length, ...userData, 0x80];
  return Uint8Array.from([0, 0, 0, 1, ...escape(sei)]);
}

/** Start offsets and types of the NAL units of an Annex B stream. */
function nalUnits(stream: Uint8Array): { at: number; type: number }[] {
  const units: { at: number; type: number }[] = [];
  for (let i = 0; i + 3 < stream.length; i++) {
    if (stream[i] === 0 && stream[i + 1] === 0 && stream[i + 2] === 1) {
      const at = i > 0 && stream[i - 1] === 0 ? i - 1 : i;
      units.push({ at, type: stream[i + 3] & 0x1f });
      i += 3;
    }
  }
  return units;
}

/**
 * The stream with a caption SEI before the first slice of every access unit (a frame's first slice: an IDR (5) or
 * non-IDR (1) slice after an access unit delimiter (9) or parameter sets, or whose first_mb_in_slice is 0).
 */
export function insertCaptions(
  stream: Uint8Array,
  slots: readonly (Pair | null)[],
): { data: Uint8Array; frames: number } {
  const parts: Uint8Array[] = [];
  let from = 0;
  let frame = 0;
  for (const unit of nalUnits(stream)) {
    if (unit.type !== 1 && unit.type !== 5) continue;
    // first_mb_in_slice is ue(v) at the slice header's start: '1' as its first bit means 0, a new frame.
    const header = stream[stream.indexOf(1, unit.at) + 2];
    if ((header & 0x80) === 0) continue;
    parts.push(stream.subarray(from, unit.at), captionSei(slots[frame] ?? null));
    from = unit.at;
    frame++;
  }
  parts.push(stream.subarray(from));
  return { data: Buffer.concat(parts), frames: frame };
}

function main(args: string[]) {
  const [input, output, fpsText, captionsFile] = args;
  if (!input || !output || !fpsText || !captionsFile)
    throw new Error('usage: cea608.ts <in.h264> <out.h264> <fps> <captions.json>');
  const stream = fs.readFileSync(input);
  const captions = JSON.parse(fs.readFileSync(captionsFile, 'utf8')) as Caption[];
  const frames = insertCaptions(stream, []).frames;
  const { data } = insertCaptions(stream, captionSchedule(captions, Number(fpsText), frames));
  fs.writeFileSync(output, data);
  console.log(`${captions.length} captions in ${frames} frames`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main(process.argv.slice(2));
