/** A tiny store of visible toasts; React reads it through useSyncExternalStore. */
export type ToastKind = "error" | "info" | "success";

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

/** The seed: error toasts last 5 seconds. */
export const ERROR_TOAST_MS = 5_000;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

export function showToast(message: string, kind: ToastKind = "error", ms = ERROR_TOAST_MS): number {
  const id = nextId++;
  // The same message twice in a row (e.g. several failing calls) shows once.
  toasts = [...toasts.filter((toast) => toast.message !== message), { id, kind, message }];
  emit();
  setTimeout(() => dismissToast(id), ms);
  return id;
}
