// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readDraft, restoreDraft, useDraft } from './draft';

const EMPTY = { name: '', phone: '', agreement: false, photos: [] as string[] };
const stored = (key: string) => sessionStorage.getItem(`livev3:draft:${key}`);

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('useDraft', () => {
  it('keeps what was typed under its key, and a new mount (a reload) finds it back', () => {
    const first = renderHook(() => useDraft('sign-up:2', EMPTY));
    act(() => first.result.current[1]((form) => ({ ...form, name: 'Li Lei', photos: ['/u/a.png'] })));
    expect(JSON.parse(stored('sign-up:2') ?? 'null')).toEqual({
      ...EMPTY,
      name: 'Li Lei',
      photos: ['/u/a.png'],
    });
    first.unmount();

    const again = renderHook(() => useDraft('sign-up:2', EMPTY));
    expect(again.result.current[0]).toEqual({ ...EMPTY, name: 'Li Lei', photos: ['/u/a.png'] });
    // Another contest's form starts empty.
    expect(renderHook(() => useDraft('sign-up:3', EMPTY)).result.current[0]).toEqual(EMPTY);
  });

  it('forgets the draft once cleared (the form was sent), and a form left empty keeps none', () => {
    const { result } = renderHook(() => useDraft('info:demo', EMPTY));
    act(() => result.current[1]({ ...EMPTY, phone: '13912345678' }));
    expect(stored('info:demo')).not.toBeNull();
    act(() => result.current[2]());
    expect(stored('info:demo')).toBeNull();
    expect(renderHook(() => useDraft('info:demo', EMPTY)).result.current[0]).toEqual(EMPTY);

    act(() => result.current[1]({ ...EMPTY, phone: '139' }));
    act(() => result.current[1](EMPTY));
    expect(stored('info:demo')).toBeNull();
  });

  it('keeps only what toDraft picks', () => {
    const { result } = renderHook(() =>
      useDraft('pick', EMPTY, (form) => ({
        ...form,
        photos: form.photos.filter((url) => url.startsWith('/u/')),
      })),
    );
    act(() => result.current[1]({ ...EMPTY, photos: ['blob:local', '/u/done.png'] }));
    expect(JSON.parse(stored('pick') ?? 'null').photos).toEqual(['/u/done.png']);
    // On screen the form keeps everything.
    expect(result.current[0].photos).toEqual(['blob:local', '/u/done.png']);
  });

  it('keeps no draft without a key', () => {
    const { result } = renderHook(() => useDraft(null, EMPTY));
    act(() => result.current[1]({ ...EMPTY, name: 'x' }));
    expect(sessionStorage.length).toBe(0);
  });

  it('still works when the browser refuses storage', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const { result } = renderHook(() => useDraft('full', EMPTY));
    act(() => result.current[1]({ ...EMPTY, name: 'x' }));
    expect(result.current[0].name).toBe('x');
  });
});

describe('restoreDraft', () => {
  it('takes the saved fields the form still has, with the same kind of value', () => {
    expect(
      restoreDraft({ name: 'Li', phone: 13912345678, photos: 'a.png', gone: 'x', agreement: true }, EMPTY),
    ).toEqual({ ...EMPTY, name: 'Li', agreement: true });
    expect(restoreDraft(['not', 'an', 'object'], EMPTY)).toEqual(EMPTY);
    expect(restoreDraft('text', '')).toBe('text');
    expect(restoreDraft(3, '')).toBe('');
  });

  it('reads a broken draft as no draft', () => {
    sessionStorage.setItem('livev3:draft:broken', '{not json');
    expect(readDraft('broken', EMPTY)).toEqual(EMPTY);
  });
});
