/**
 * Drafts: a half-filled form survives a reload (a WeChat login round trip, a pull-down refresh, a slip of the
 * thumb). `useDraft` is `useState` whose value is kept in sessionStorage under `livev3:draft:<key>` while it differs
 * from the form's empty value; the form calls `clear()` once the server has taken it. sessionStorage, not
 * localStorage: a draft holds names, phone numbers and addresses, and should not outlive the tab on a shared phone.
 */
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';

const PREFIX = 'livev3:draft:';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage can be switched off (a sandboxed frame, some private modes): forms still work, without drafts.
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Same kind of value: both arrays, both plain objects, or the same `typeof`. */
const sameShape = (a: unknown, b: unknown) =>
  Array.isArray(a) ? Array.isArray(b) : isRecord(a) ? isRecord(b) : typeof a === typeof b;

/**
 * What of a saved draft fits the form as it is now: for an object, each of the empty value's keys takes the saved
 * value when it has the same shape (a field the form no longer has is dropped, a new one starts empty); otherwise
 * the saved value when it has the empty value's shape.
 */
export function restoreDraft<T>(saved: unknown, empty: T): T {
  if (isRecord(empty)) {
    if (!isRecord(saved)) return empty;
    const restored: Record<string, unknown> = { ...empty };
    for (const key of Object.keys(empty)) {
      if (Object.hasOwn(saved, key) && sameShape(empty[key], saved[key])) restored[key] = saved[key];
    }
    return restored as T;
  }
  return sameShape(empty, saved) ? (saved as T) : empty;
}

export function readDraft<T>(key: string, empty: T): T {
  try {
    const raw = storage()?.getItem(PREFIX + key);
    return raw === null || raw === undefined ? empty : restoreDraft(JSON.parse(raw), empty);
  } catch {
    return empty;
  }
}

function writeDraft(key: string, value: unknown, empty: unknown): void {
  const store = storage();
  if (!store) return;
  try {
    const json = JSON.stringify(value);
    if (json === JSON.stringify(empty)) store.removeItem(PREFIX + key);
    else store.setItem(PREFIX + key, json);
  } catch {
    // Full storage: the draft is a convenience, the form goes on without it.
  }
}

export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(PREFIX + key);
  } catch {
    // nothing kept, nothing to clear
  }
}

/**
 * A form's state, kept as a draft under `key` (name the form and what it is for: `vote-sign-up:2`). `empty` is the
 * form's blank value; `toDraft` picks what may be kept (leave out what cannot survive a reload, like uploads still
 * travelling). A null key keeps no draft. The three are read when the form mounts: give the form a React `key` with
 * the draft's key when it can change under a mounted form.
 */
export function useDraft<T>(
  key: string | null,
  empty: T,
  toDraft: (value: T) => T = (value) => value,
): [T, Dispatch<SetStateAction<T>>, () => void] {
  // What the form was mounted with: the draft's name and blank value do not change under a mounted form.
  const [mounted] = useState(() => ({ key, empty, toDraft }));
  const [value, setValue] = useState<T>(() => (key === null ? empty : readDraft(key, empty)));

  useEffect(() => {
    if (mounted.key !== null) writeDraft(mounted.key, mounted.toDraft(value), mounted.toDraft(mounted.empty));
  }, [mounted, value]);

  // Called once the form has been sent, after its last change: the next change starts a new draft.
  const clear = useCallback(() => {
    if (mounted.key !== null) clearDraft(mounted.key);
  }, [mounted]);

  return [value, setValue, clear];
}
