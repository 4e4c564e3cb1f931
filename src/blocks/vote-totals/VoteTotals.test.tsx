// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { videoStore } from '../../features/video/store';
import type { VideoInfo } from '../../features/video/types';
import { contestPage } from '../../features/vote/routes';
import { initI18n } from '../../lib/i18n';
import { launchStore } from '../../lib/launch';
import { VoteTotals } from './VoteTotals';

vi.mock('../../features/video/content-api', () => ({
  loadVoteTotals: vi.fn(async () => ({
    contests: [
      {
        id: 3,
        title: 'Campus singer',
        total_votes: 12,
        players: [{ id: 8, number: 1, name: 'Lin', votes: 12 }],
      },
    ],
  })),
}));

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => videoStore.reset());

function ContestPage() {
  const { search } = useLocation();
  return <p data-testid="contest-page">{search}</p>;
}

describe('VoteTotals', () => {
  it("links each contest's totals to the contest's home page, through the app's links (token, locale)", async () => {
    launchStore.update((draft) => {
      draft.videoToken = 'demo';
      draft.locale = 'en';
    });
    render(
      <MemoryRouter initialEntries={['/pages/live/index?token=demo']}>
        <Routes>
          <Route path="/pages/live/index" element={<VoteTotals props={{ leaders: 5 }} />} />
          <Route path={contestPage()} element={<ContestPage />} />
        </Routes>
      </MemoryRouter>,
    );
    act(() =>
      videoStore.update((draft) => {
        draft.info = { token: 'demo' } as VideoInfo;
        draft.refreshCount += 1;
      }),
    );
    const link = await screen.findByRole('link', { name: /Open the contest/ });
    fireEvent.click(link);
    const params = new URLSearchParams(screen.getByTestId('contest-page').textContent ?? '');
    expect(params.get('vote_id')).toBe('3');
    expect(params.get('token')).toBe('demo');
    expect(params.get('locale')).toBe('en');
  });
});
