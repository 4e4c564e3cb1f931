/** The viewers of each event's room, once a minute (migration 034): minute is unix seconds (a multiple of 60). */
export interface FigureTables {
  event_viewer_samples: { event_id: number; minute: number; viewers: number };
}
