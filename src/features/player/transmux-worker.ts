/**
 * hls.js turns MPEG-TS segments into fragmented MP4 in a Web Worker only when it is given one: its ESM builds (the
 * ones the app imports) carry no inline worker, so without `workerPath` every segment is transmuxed on the main thread,
 * in long tasks while the live room loads. The package ships the worker as dist/hls.worker.js; the build serves it as a
 * hashed asset (cached for a year, same origin).
 *
 * hls.js starts its worker only once the first segment has arrived, so the worker's code is fetched earlier, alongside
 * hls.js itself, and the worker is started from that copy (a blob URL, as hls.js's own UMD build does with its inline
 * worker): one download whatever the HTTP cache does, and ready when the segment is.
 */
import workerUrl from 'hls.js/dist/hls.worker.js?url';

let worker: Promise<string | undefined> | undefined;

/**
 * The `workerPath` for hls.js: a blob URL of the worker's code, or undefined when it could not be loaded (hls.js then
 * transmuxes on the main thread, as before; a later call tries again).
 */
export function loadTransmuxWorker(): Promise<string | undefined> {
  worker ??= fetch(workerUrl, { credentials: 'same-origin' })
    .then(async (response) => {
      if (!response.ok) throw new Error(`${response.status} ${workerUrl}`);
      return URL.createObjectURL(new Blob([await response.blob()], { type: 'text/javascript' }));
    })
    .catch(() => {
      worker = undefined;
      return undefined;
    });
  return worker;
}
