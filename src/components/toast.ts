import type * as Notifications from '@mantine/notifications';

export interface Toast {
  title: string;
  description: string;
  variant?: 'default' | 'destructive';
  /** Milliseconds before it closes by itself; 5000 unless a message needs longer. */
  duration?: number;
}

let toasts: Promise<typeof Notifications> | null = null;

/** The notifications code, and the toasts started in the page's region, the first time a toast is needed. */
function ready() {
  toasts ??= Promise.all([import('@mantine/notifications'), import('./toaster')]).then(([library, { mountToasts }]) => {
    mountToasts();
    return library;
  });
  toasts.catch(() => (toasts = null));
  return toasts;
}

/** Downloads the toasts' code ahead of a toast that is likely soon (a form being filled in), without starting them. */
export function prepareToasts() {
  void Promise.all([import('@mantine/notifications'), import('./toaster')]).catch(() => undefined);
}

/**
 * Shows one toast, replacing any other (one at a time). Pages that never show one never download the
 * notifications code.
 */
export async function showToast({ title, description, variant = 'default', duration = 5000 }: Toast) {
  const { notifications } = await ready();
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
