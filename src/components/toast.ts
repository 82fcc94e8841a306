import { useSyncExternalStore } from 'react';

export interface Toast {
  title: string;
  description: string;
  variant?: 'default' | 'destructive';
  /** Milliseconds before it closes by itself; 5000 unless a message needs longer. */
  duration?: number;
}

let requested = false;
const listeners = new Set<() => void>();

/**
 * Shows one toast, replacing any other (one at a time). The notifications code downloads the first
 * time a toast is needed, so pages that never show one never pay for it.
 */
export async function showToast({ title, description, variant = 'default', duration = 5000 }: Toast) {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  const { notifications } = await import('@mantine/notifications');
  notifications.clean();
  notifications.show({
    title,
    message: description,
    color: variant === 'destructive' ? 'red' : 'brand',
    autoClose: duration,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Close notification' },
  });
}

/** True once any toast was asked for: the app mounts the toast region then. */
export function useToastsRequested() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
    () => false,
  );
}
