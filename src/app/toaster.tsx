import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/notifications/styles.css';
import { lazy, Suspense } from 'react';
import { useToastsRequested } from '../components/toast';

const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

/** The toast region, mounted the first time a toast is shown. */
export function Toaster() {
  if (!useToastsRequested()) return null;
  return (
    <Suspense fallback={null}>
      <Notifications limit={1} position="bottom-right" zIndex={1000} />
    </Suspense>
  );
}
