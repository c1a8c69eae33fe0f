// Toast notifications, as the seed sets them: one shown at a time, 5 s by default.
import { atom } from 'nanostores';

export const TOAST_DEFAULT_MS = 5000;

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'error';
  durationMs?: number;
}

export const $toast = atom<Toast | null>(null);
let nextId = 1;

export function showToast(toast: Omit<Toast, 'id'>): void {
  $toast.set({ ...toast, id: nextId++ });
}

export function dismissToast(id?: number): void {
  if (id === undefined || $toast.get()?.id === id) $toast.set(null);
}
