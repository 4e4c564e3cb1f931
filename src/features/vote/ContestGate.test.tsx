// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n';

const contest = { id: 7, title: '2026 年度人气之星评选' };
vi.mock('./api', () => ({
  loadContest: vi.fn(async (voteId: number) => {
    if (voteId !== 7) return null;
    const { voteStore } = await import('./store');
    voteStore.update((draft) => {
      (draft as { voteInfo: unknown }).voteInfo = contest;
    });
    return contest;
  }),
}));

beforeAll(async () => {
  await initI18n('zh-CN');
});

async function page(path: string) {
  const { ContestGate } = await import('./ContestGate');
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ContestGate>{(found) => <p>contest {found.title}</p>}</ContestGate>
      <ContestGate>{(found) => <p>players of {found.title}</p>}</ContestGate>
    </MemoryRouter>,
  );
}

describe('ContestGate', () => {
  it('says once that the contest is missing, however many contest blocks the page has (no vote_id)', async () => {
    const view = await page('/pages/template/index');
    await import('./messages');
    const notice = i18n.t('vote.noContest');
    await waitFor(() => expect(screen.getAllByText(notice)).toHaveLength(1));
    view.unmount();
  }, 60_000);

  it("titles the page with the contest's title, not the route's generic one", async () => {
    document.title = '模板';
    await page('/pages/template/index?vote_id=7');
    await screen.findByText('contest 2026 年度人气之星评选');
    // The title is set in an effect, which may run after the content shows (store changes render as transitions).
    await waitFor(() => expect(document.title).toBe('2026 年度人气之星评选'));
  }, 60_000);
});
