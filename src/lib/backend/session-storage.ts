/** Where supabase-js keeps the session in localStorage; set explicitly so a page can look for it without the library. */
export const sessionStorageKey = 'keystone-auth-session';

/**
 * What makes the account's islands start at once rather than on the first touch (src/lib/early-conditions.ts):
 * a stored session, or an auth email's link, whose session (or failure) is in the address.
 */
export const accountCheckNeeded = [`storage:${sessionStorageKey}`, 'hash:access_token', 'hash:error_description', 'hash:message', 'query:access_token', 'query:error_description'];
