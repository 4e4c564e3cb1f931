/**
 * Live lines, history pages and gap fills all land here: merged by id (a line seen twice is kept once), in id order,
 * and bounded to the newest `max` lines so a busy room never grows the list without end.
 */
import type { ChatMessage } from './types';

export type Merged = { messages: ChatMessage[]; trimmed: boolean };

/**
 * `slack` lets the window run that many lines over `max` before it is cut back to `max` in one go: cutting a few
 * lines off the top on every frame would shift every row under the viewer's scroll position on every frame.
 */
export function mergeMessages(
  current: ChatMessage[],
  incoming: ChatMessage[],
  max: number,
  slack = 0,
): Merged {
  if (incoming.length === 0) return { messages: current, trimmed: false };
  const lastId = current.at(-1)?.id ?? 0;
  let merged: ChatMessage[];
  if (incoming.every((message, index) => message.id > (index ? incoming[index - 1].id : lastId))) {
    // The common case: newer lines in order, appended without a sort.
    merged = current.concat(incoming);
  } else {
    const byId = new Map<number, ChatMessage>();
    for (const message of current) byId.set(message.id, message);
    for (const message of incoming) byId.set(message.id, message);
    merged = [...byId.values()].sort((a, b) => a.id - b.id);
  }
  if (merged.length <= max + slack) return { messages: merged, trimmed: false };
  return { messages: merged.slice(merged.length - max), trimmed: true };
}
