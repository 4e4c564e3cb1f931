// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { PlayerDirectory } from './PlayerDirectory';
import './messages';

// The list itself is not under test: only which query it is asked for.
const listKeys: string[] = [];
vi.mock('../../lib/paged', () => ({
  usePagedList: (key: string) => {
    listKeys.push(key);
    return {};
  },
}));
vi.mock('../../ui/windowed-list/WindowedList', () => ({ WindowedList: () => null }));
vi.mock('./live-votes', () => ({ useLiveResets: () => 0, useVotePolling: () => {} }));
vi.mock('./useResumePaidVotes', () => ({ useResumePaidVotes: () => {} }));
vi.mock('./api', () => ({
  fetchPlayers: vi.fn(),
  fetchTeams: vi.fn(async () => ({ list: [{ id: 4, name: 'Blue' }] })),
  fetchGroups: vi.fn(async () => ({ list: [] })),
}));

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  listKeys.length = 0;
});

function Address() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="address">{location.pathname + location.search}</p>
      <button type="button" onClick={() => navigate('/pages/vote/player/index?vote_id=2&player_id=9')}>
        open player
      </button>
      <button type="button" onClick={() => navigate(-1)}>
        back
      </button>
    </>
  );
}

function app(address: string) {
  return render(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path="/pages/template/index" element={<PlayerDirectory voteId={2} />} />
        <Route path="*" element={null} />
      </Routes>
      <Address />
    </MemoryRouter>,
  );
}

const lastQuery = () => JSON.parse(listKeys.at(-1) ?? '[]')[1];

describe('PlayerDirectory', () => {
  it("keeps the search and filters in the page's address, so a refresh keeps them", async () => {
    const view = app('/pages/template/index?vote_id=2');
    fireEvent.change(screen.getByLabelText('Search players by number or name'), {
      target: { value: ' Lin ' },
    });
    fireEvent.submit(screen.getByRole('search'));
    fireEvent.change(await screen.findByLabelText('Team'), { target: { value: '4' } });
    const address = screen.getByTestId('address').textContent ?? '';
    const params = new URLSearchParams(address.split('?')[1]);
    expect(params.get('keyword')).toBe('Lin');
    expect(params.get('team_id')).toBe('4');
    expect(params.get('vote_id')).toBe('2');
    view.unmount();

    listKeys.length = 0;
    app(address);
    expect((screen.getByLabelText('Search players by number or name') as HTMLInputElement).value).toBe('Lin');
    expect(lastQuery()).toMatchObject({ keyword: 'Lin', teamId: 4 });
  });

  it('finds the search again after opening a player and going back', () => {
    app('/pages/template/index?vote_id=2');
    fireEvent.change(screen.getByLabelText('Search players by number or name'), { target: { value: '12' } });
    fireEvent.submit(screen.getByRole('search'));
    fireEvent.click(screen.getByText('open player'));
    fireEvent.click(screen.getByText('back'));
    expect((screen.getByLabelText('Search players by number or name') as HTMLInputElement).value).toBe('12');
    expect(lastQuery()).toMatchObject({ keyword: '12' });
  });

  it('clears the keyword from the address when the search is emptied', () => {
    app('/pages/template/index?vote_id=2&keyword=Lin');
    fireEvent.change(screen.getByLabelText('Search players by number or name'), { target: { value: '' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(screen.getByTestId('address').textContent).toBe('/pages/template/index?vote_id=2');
    expect(lastQuery()).toMatchObject({ keyword: '' });
  });
});
