import { describe, expect, it } from 'vitest';
import { highlightParts } from './Highlight';
import { channelSharePayload } from './share';
import type { ChannelHome } from './store';

describe('highlightParts', () => {
  it('marks every match, folding case and full-width forms like the server', () => {
    expect(highlightParts('大师课：Live 大师课', '大师')).toEqual([
      { text: '大师', match: true },
      { text: '课：Live ', match: false },
      { text: '大师', match: true },
      { text: '课', match: false },
    ]);
    expect(highlightParts('ＬＩＶＥ show', 'live')).toEqual([
      { text: 'ＬＩＶＥ', match: true },
      { text: ' show', match: false },
    ]);
    expect(highlightParts('abc', ' ')).toEqual([{ text: 'abc', match: false }]);
  });
});

describe('channelSharePayload', () => {
  const home = {
    token: 'showcase',
    title: 'livev3 官方频道',
    intro: '发布会与峰会',
    cover: '',
    logo: '/logo.png',
    live: null,
  } as unknown as ChannelHome;

  it('links to the channel home with my user id as inviteId, without a video token', () => {
    const payload = channelSharePayload(
      home,
      42,
      'https://app.test/livev3/?x=1#/pages/channel/room-new/index?token=v',
    );
    expect(payload.title).toBe('livev3 官方频道');
    expect(payload.desc).toBe('发布会与峰会');
    expect(payload.link).toMatch(
      /^https:\/\/app\.test\/livev3\/\?x=1#\/pages\/channel\/index\?channelToken=showcase&inviteId=42&locale=/,
    );
    expect(payload.link).not.toContain('token=v');
    expect(payload.imgUrl).toBe('https://app.test/logo.png');
  });
});
