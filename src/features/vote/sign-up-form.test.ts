import { describe, expect, it } from 'vitest';
import type { FormField } from './api';
import { firstMissing, hasPendingUploads, toSubmission, type FormValues } from './sign-up-form';

const field = (key: string, type: FormField['type'], required = true): FormField => ({
  key,
  label: key.toUpperCase(),
  type,
  required,
  max_count: type === 'images' ? 2 : 0,
  placeholder: '',
});

const fields = [
  field('name', 'text'),
  field('team', 'dropdown'),
  field('likes', 'checkbox', false),
  field('photos', 'images'),
];

describe('sign-up form rules', () => {
  it('names the first required field left empty, blanks included', () => {
    expect(firstMissing(fields, { name: '   ' })?.key).toBe('name');
    expect(firstMissing(fields, { name: 'Li', team: 'a' })?.key).toBe('photos');
    const failedOnly: FormValues = {
      name: 'Li',
      team: 'a',
      photos: [{ id: '1', name: 'a.png', progress: 30, state: 'failed' }],
    };
    expect(firstMissing(fields, failedOnly)?.key).toBe('photos');
  });

  it('submits trimmed text, option values and the URLs of finished uploads only', () => {
    const values: FormValues = {
      name: ' Li ',
      team: 'red',
      likes: ['a', 'b'],
      photos: [
        { id: '1', name: 'a.png', progress: 100, state: 'done', url: 'http://up/a.png' },
        { id: '2', name: 'b.png', progress: 10, state: 'failed' },
      ],
    };
    expect(firstMissing(fields, values)).toBeNull();
    expect(toSubmission(fields, values)).toEqual({
      name: 'Li',
      team: 'red',
      likes: ['a', 'b'],
      photos: ['http://up/a.png'],
    });
    expect(hasPendingUploads(values)).toBe(false);
    expect(hasPendingUploads({ photos: [{ id: '3', name: 'c', progress: 5, state: 'uploading' }] })).toBe(
      true,
    );
  });
});
