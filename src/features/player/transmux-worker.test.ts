import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
});

async function freshModule() {
  return import('./transmux-worker');
}

describe('loadTransmuxWorker', () => {
  it("fetches hls.js's worker build once and hands hls.js a blob URL of it", async () => {
    const fetch = vi.fn(async (_url: string) => new Response('self.onmessage = () => {};', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:worker');
    const { loadTransmuxWorker } = await freshModule();
    const [first, second] = await Promise.all([loadTransmuxWorker(), loadTransmuxWorker()]);
    expect(first).toBe('blob:worker');
    expect(second).toBe('blob:worker');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/hls\.worker.*\.js/);
    const blob = created.mock.calls[0]?.[0] as Blob;
    expect(blob.type).toBe('text/javascript');
  });

  it('answers undefined when the code cannot be loaded (hls.js transmuxes inline), and tries again next time', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response('missing', { status: 404 }))
      .mockResolvedValueOnce(new Response('self.onmessage = () => {};', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:worker');
    const { loadTransmuxWorker } = await freshModule();
    expect(await loadTransmuxWorker()).toBeUndefined();
    expect(await loadTransmuxWorker()).toBe('blob:worker');
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
