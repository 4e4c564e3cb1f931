// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLocale, initI18n } from '../../lib/i18n';
import type { UploadItem } from './sign-up-form';
import { UploadField } from './UploadField';
import { visuallyHidden } from '../../ui/visually-hidden.css';
import './messages';

let finishUpload: (url: string) => void = () => {};
vi.mock('../../ui/upload/upload', () => ({
  checkUploadCount: () => true,
  uploadFile: () =>
    new Promise((resolve) => {
      finishUpload = (url) => resolve({ url });
    }),
}));

beforeAll(async () => {
  await initI18n('en');
  globalThis.URL.createObjectURL ??= () => 'blob:preview';
  globalThis.URL.revokeObjectURL ??= () => {};
});

function Form({ kind }: { kind: 'images' | 'video' }) {
  const [items, setItems] = useState<UploadItem[]>([]);
  return (
    <>
      <label htmlFor="photos">Photos</label>
      <UploadField
        control={{ id: 'photos' }}
        kind={kind}
        maxCount={3}
        items={items}
        onChange={(update) => setItems(update)}
      />
    </>
  );
}

const choose = (input: HTMLElement, name: string) =>
  fireEvent.change(input, { target: { files: [new File(['x'], name, { type: 'image/jpeg' })] } });

describe('UploadField', () => {
  it("offers a themed, labelled button instead of the browser's own file input", () => {
    render(<Form kind="images" />);
    const input = screen.getByLabelText(/Photos/);
    expect(input.getAttribute('type')).toBe('file');
    // The input itself is hidden; the label around it is the button the viewer sees and taps.
    const button = input.closest('label');
    expect(button?.textContent).toContain('Choose images');
    expect(input.className).toBe(visuallyHidden);
    expect(screen.getByRole('status').textContent).toBe('No file chosen yet');
  });

  it('says which file is uploading and which has uploaded, in both languages', async () => {
    render(<Form kind="video" />);
    expect(screen.getByText('Choose a video')).toBeTruthy();
    choose(screen.getByLabelText(/Photos/), 'dance.mp4');
    expect(screen.getByRole('status').textContent).toBe('Uploading 1 file…');
    await act(async () => finishUpload('/uploads/dance.mp4'));
    expect(screen.getByRole('status').textContent).toBe('Uploaded: dance.mp4');
    await act(async () => changeLocale('zh-CN'));
    expect(screen.getByRole('status').textContent).toBe('已上传：dance.mp4');
    await act(async () => changeLocale('en'));
  });
});
