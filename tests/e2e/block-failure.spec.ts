/**
 * A block whose code fails to load shows a notice with a retry in its place; the rest of the page keeps working, and
 * the retry brings the block. The chat room's code is its own chunk (src/blocks/chat-room/block.ts).
 */
import { expect, openRoute, test } from '../fixtures';

const CHAT_CHUNK = '**/assets/ChatRoomBlock-*.js';

test('a block whose code does not load shows a retry in its place, and the rest of the live room works', async ({
  page,
}) => {
  let refused = 0;
  await page.route(CHAT_CHUNK, (route) => {
    refused += 1;
    return route.abort();
  });
  await openRoute(page, '/pages/home/index?token=demo');

  const notice = page.getByRole('alert').filter({ hasText: '此处内容加载失败' });
  await expect(notice).toBeVisible({ timeout: 15_000 });
  expect(refused).toBeGreaterThan(0);
  await expect(page.getByTestId('chat-room')).toHaveCount(0);
  // The blocks around it are there and answer: the event's heading, its introduction.
  await expect(page.getByRole('heading', { name: '2026 新品发布会 · 现场直播' })).toBeVisible();
  await expect(page.getByText('简介')).toBeVisible();

  await page.unrouteAll();
  await notice.getByRole('button', { name: '重试' }).click();
  await expect(page.getByTestId('chat-room').getByRole('log')).toBeVisible({ timeout: 15_000 });
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '2026 新品发布会 · 现场直播' })).toBeVisible();
});
