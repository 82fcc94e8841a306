import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/notifications/styles.css';
import { lazy, Suspense, useEffect, useRef, type PointerEvent } from 'react';
import { useToastsRequested } from '../components/toast';

const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

/** How far a toast must be dragged to the right to be dismissed (the spec's swipe threshold). */
const SWIPE_DISMISS_PX = 50;
const HOTKEY = 'F8';

/**
 * The toast region: always present and labelled, so F8 (the spec's hotkey) can move focus to it and
 * screen readers can find it; the notifications code inside it loads the first time a toast is shown.
 * A toast dragged or swiped 50 px to the right is dismissed.
 */
export function Toaster() {
  const requested = useToastsRequested();
  const region = useRef<HTMLDivElement>(null);
  const drag = useRef<{ toast: HTMLElement; startX: number; pointer: number } | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== HOTKEY) return;
      event.preventDefault();
      region.current?.focus({ preventScroll: true });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const onPointerDown = (event: PointerEvent) => {
    const toast = (event.target as HTMLElement).closest<HTMLElement>('.mantine-Notification-root');
    if (!toast || (event.target as HTMLElement).closest('button')) return;
    drag.current = { toast, startX: event.clientX, pointer: event.pointerId };
    toast.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    const current = drag.current;
    if (!current || current.pointer !== event.pointerId) return;
    current.toast.style.transform = `translateX(${Math.max(0, event.clientX - current.startX)}px)`;
  };
  const onPointerEnd = async (event: PointerEvent) => {
    const current = drag.current;
    if (!current || current.pointer !== event.pointerId) return;
    drag.current = null;
    current.toast.style.transform = '';
    if (event.type === 'pointerup' && event.clientX - current.startX >= SWIPE_DISMISS_PX) {
      (await import('@mantine/notifications')).notifications.clean();
    }
  };

  return (
    <div
      ref={region}
      role="region"
      aria-label={`Notifications (${HOTKEY})`}
      tabIndex={-1}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      // Out of the page flow: the toasts inside are fixed to the corner anyway.
      style={{ position: 'fixed', insetBlockEnd: 0, insetInlineEnd: 0, touchAction: 'pan-y' }}
    >
      {requested && (
        <Suspense fallback={null}>
          <Notifications limit={1} position="bottom-right" zIndex={1000} withinPortal={false} />
        </Suspense>
      )}
    </div>
  );
}
