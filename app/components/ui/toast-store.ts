/**
 * The toast queue (spec §4/§9): at most one toast visible; a new toast
 * replaces the current one. Any component can call `toast()`.
 */
import { useSyncExternalStore } from "react";

/** Spec §4/§9: toasts shown at once. */
const TOAST_LIMIT = 1;

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; Infinity keeps it open. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

type Listener = () => void;

let toasts: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(next: readonly ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast; returns its id. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

/** Starts closing a toast (it is removed when its exit has played). */
export function dismissToast(id: number): void {
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
}

export function removeToast(id: number): void {
  emit(toasts.filter((t) => t.id !== id));
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => toasts;
const EMPTY: readonly ToastItem[] = [];

export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(subscribe, getSnapshot, () => EMPTY);
}

/** For tests: empties the queue. */
export function resetToasts(): void {
  emit([]);
}
