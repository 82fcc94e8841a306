/**
 * Elements every page has, by id, for the parts of the page that reach them without a script of their
 * own: Sign In buttons open the dialog and the menu button opens the menu by these (HTML invoker commands
 * and popovers), and src/main.tsx finds the toast region here for the F8 key.
 */
export const AUTH_DIALOG_ID = 'auth-dialog';
export const MOBILE_MENU_ID = 'mobile-menu';
export const TOAST_REGION_ID = 'toasts';
