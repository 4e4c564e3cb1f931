import { describe, expect, it } from 'vitest';
import { mergeMessages } from './merge';
import type { ChatMessage } from './types';

const line = (id: number, content = `m${id}`): ChatMessage => ({
  id,
  kind: 'text',
  user_id: 1,
  nickname: 'a',
  content,
  gift_name: '',
  gift_name_en: '',
  gift_count: 0,
  amount: 0,
  packet_id: 0,
  status: 'shown',
  created_at: id,
});
const ids = (messages: ChatMessage[]) => messages.map((message) => message.id);

describe('mergeMessages', () => {
  it('appends newer lines', () => {
    expect(ids(mergeMessages([line(1), line(2)], [line(3), line(4)], 10).messages)).toEqual([1, 2, 3, 4]);
  });

  it('drops duplicates (a recovered batch, a gap fill overlapping live lines, our own echo)', () => {
    const merged = mergeMessages([line(1), line(2), line(3)], [line(2), line(3), line(4), line(4)], 10);
    expect(ids(merged.messages)).toEqual([1, 2, 3, 4]);
  });

  it('puts an older history page before, in id order', () => {
    expect(ids(mergeMessages([line(5), line(6)], [line(3), line(4)], 10).messages)).toEqual([3, 4, 5, 6]);
    expect(ids(mergeMessages([line(2), line(6)], [line(4), line(1)], 10).messages)).toEqual([1, 2, 4, 6]);
  });

  it('keeps only the newest max lines and says so', () => {
    const merged = mergeMessages([line(1), line(2), line(3)], [line(4), line(5)], 3);
    expect(ids(merged.messages)).toEqual([3, 4, 5]);
    expect(merged.trimmed).toBe(true);
    expect(mergeMessages([line(1)], [], 3).trimmed).toBe(false);
  });

  it('with slack, runs over max until max + slack, then cuts back to max at once', () => {
    const four = mergeMessages([line(1), line(2), line(3)], [line(4)], 3, 2);
    expect(ids(four.messages)).toEqual([1, 2, 3, 4]);
    expect(four.trimmed).toBe(false);
    const six = mergeMessages(four.messages, [line(5), line(6)], 3, 2);
    expect(ids(six.messages)).toEqual([4, 5, 6]);
    expect(six.trimmed).toBe(true);
  });
});
