import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { TOAST_REGION_ID } from '../lib/page-ids';
import { IslandRoot } from './island-root';

/** How far a toast must be dragged to the right to be dismissed (the spec's swipe threshold). */
const SWIPE_DISMISS_PX = 50;

/**
 * The toast region every page has: labelled and focusable, so F8 (the spec's hotkey, handled by the
 * page's loader) can move focus to it and screen readers can find it. The toasts inside it are
 * rendered the first time one is shown (src/components/toast.ts).
 */
export function ToastRegion() {
  return (
    <div
      id={TOAST_REGION_ID}
      role="region"
      aria-label="Notifications (F8)"
      tabIndex={-1}
      // Out of the page flow: the toasts inside are fixed to the corner anyway.
      style={{ position: 'fixed', insetBlockEnd: 0, insetInlineEnd: 0, touchAction: 'pan-y' }}
    />
  );
}

/** A toast dragged or swiped 50 px to the right is dismissed. */
function useSwipeToDismiss(region: HTMLElement) {
  useEffect(() => {
    let drag: { toast: HTMLElement; startX: number; pointer: number } | null = null;
    const down = (event: PointerEvent) => {
      const target = event.target as HTMLElement;
      const toast = target.closest<HTMLElement>('.mantine-Notification-root');
      if (!toast || target.closest('button')) return;
      drag = { toast, startX: event.clientX, pointer: event.pointerId };
      toast.setPointerCapture(event.pointerId);
    };
    const move = (event: PointerEvent) => {
      if (drag?.pointer !== event.pointerId) return;
      drag.toast.style.transform = `translateX(${Math.max(0, event.clientX - drag.startX)}px)`;
    };
    const end = async (event: PointerEvent) => {
      const current = drag;
      if (current?.pointer !== event.pointerId) return;
      drag = null;
      current.toast.style.transform = '';
      if (event.type === 'pointerup' && event.clientX - current.startX >= SWIPE_DISMISS_PX) (await import('@mantine/notifications')).notifications.clean();
    };
    const listeners = { pointerdown: down, pointermove: move, pointerup: end, pointercancel: end } as const;
    for (const [type, listener] of Object.entries(listeners)) region.addEventListener(type, listener as EventListener);
    return () => {
      for (const [type, listener] of Object.entries(listeners)) region.removeEventListener(type, listener as EventListener);
    };
  }, [region]);
}

function Toasts({ region }: { region: HTMLElement }) {
  useSwipeToDismiss(region);
  // No transition: a toast leaving would otherwise stay on screen beside its replacement while it animates out.
  return <Notifications limit={1} position="bottom-right" zIndex={1000} withinPortal={false} transitionDuration={0} />;
}

/** Starts the toasts in the page's region; src/components/toast.ts calls this once, before the first toast. */
export function mountToasts() {
  const region = document.getElementById(TOAST_REGION_ID);
  if (!region) throw new Error(`The page has no #${TOAST_REGION_ID} region (src/app/layout/site-layout.tsx).`);
  createRoot(region).render(
    <IslandRoot>
      <Toasts region={region} />
    </IslandRoot>,
  );
}
