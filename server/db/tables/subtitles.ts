import type { Generated } from 'kysely';

/** Subtitle tracks uploaded for recordings (migration 029). Times are unix milliseconds. */
export interface SubtitleTables {
  subtitle_tracks: {
    id: Generated<number>;
    /** The recording's name (`/streams/vod/<stream>/`). */
    stream: string;
    /** BCP 47 language tag (`zh`, `en`, `zh-Hans`). */
    language: string;
    /** What the track menu shows. */
    name: string;
    /** The cues, as a WebVTT file. */
    vtt: string;
    organisation_id: number | null;
    uploaded_by: number;
    created_at: number;
  };
}
