/** The sign-up form's rules, apart from React: which fields are missing, and the values the server takes. */
import type { FormField } from './api';

export type UploadItem = {
  id: string;
  name: string;
  /** 0-100 while uploading. */
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  url?: string;
  /** A local preview (object URL) while the file travels. */
  preview?: string;
};

export type FormValue = string | string[] | UploadItem[];
export type FormValues = Record<string, FormValue>;

export function emptyValue(field: FormField): FormValue {
  if (field.type === 'checkbox') return [];
  if (field.type === 'images' || field.type === 'video') return [];
  return '';
}

function isUploadList(value: FormValue): value is UploadItem[] {
  return Array.isArray(value) && value.some((item) => typeof item === 'object');
}

/** Text: trimmed. Choices: the option values. Uploads: the URLs of the finished ones. */
function submittedValue(field: FormField, value: FormValue): string | string[] {
  if (field.type === 'images') return (value as UploadItem[]).flatMap((item) => (item.url ? [item.url] : []));
  if (field.type === 'video') return (value as UploadItem[]).find((item) => item.url)?.url ?? '';
  if (Array.isArray(value)) return value as string[];
  return value.trim();
}

/** The first required field left empty (in form order), or null. */
export function firstMissing(fields: FormField[], values: FormValues): FormField | null {
  for (const field of fields) {
    if (!field.required) continue;
    const value = submittedValue(field, values[field.key] ?? emptyValue(field));
    if (value.length === 0) return field;
  }
  return null;
}

export function hasPendingUploads(values: FormValues): boolean {
  return Object.values(values).some(
    (value) => isUploadList(value) && value.some((item) => item.state === 'uploading'),
  );
}

export function toSubmission(fields: FormField[], values: FormValues): Record<string, string | string[]> {
  return Object.fromEntries(
    fields.map((field) => [field.key, submittedValue(field, values[field.key] ?? emptyValue(field))]),
  );
}

/**
 * What a draft of the form keeps: everything typed and chosen, and the uploads that have finished (by their URL:
 * the local previews and the uploads still travelling do not survive a reload).
 */
export function draftValues(values: FormValues): FormValues {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      isUploadList(value)
        ? value.flatMap(({ preview: _preview, ...item }) => (item.state === 'done' && item.url ? [item] : []))
        : value,
    ]),
  );
}
