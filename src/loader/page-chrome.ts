import { MOBILE_MENU_ID, TOAST_REGION_ID } from '../lib/page-ids';

/**
 * The menu's button says whether the menu is open (browsers expose a popover's state themselves; this is
 * for the rest), and an open menu closes when the window reaches 768 px.
 */
export function followMenu(): void {
  const menu = document.getElementById(MOBILE_MENU_ID);
  let wide: MediaQueryList | undefined;
  menu?.addEventListener('toggle', (event) => {
    const open = (event as ToggleEvent).newState === 'open';
    document.querySelector(`[popovertarget="${MOBILE_MENU_ID}"]`)?.setAttribute('aria-expanded', String(open));
    if (!open || wide) return;
    wide = matchMedia('(min-width: 48em)');
    wide.addEventListener('change', (change) => {
      if (change.matches && menu.matches(':popover-open')) menu.hidePopover();
    });
  });
}

/** F8, the spec's hotkey, moves focus to the toast region. */
export function focusToastsOnF8(): void {
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'F8') return;
    event.preventDefault();
    document.getElementById(TOAST_REGION_ID)?.focus({ preventScroll: true });
  });
}

/** The footer's year is today's rather than the build's. */
export const showCurrentYear = () => document.querySelectorAll('[data-current-year]').forEach((year) => (year.textContent = String(new Date().getFullYear())));
