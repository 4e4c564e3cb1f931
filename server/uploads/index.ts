/** Upload tokens, and the local upload host with the files it keeps. */
import type { Domain } from '../services.ts';
import { UPLOAD_HOST_PATH, uploadedFiles, uploadHost } from './host.ts';
import { uploadHandlers } from './routes.ts';

export const uploads: Domain = {
  routes: uploadHandlers,
  async plugin(app, { uploads: settings, now }) {
    await app.register(uploadHost, { prefix: UPLOAD_HOST_PATH, settings, now });
    await app.register(uploadedFiles, { settings });
  },
};
