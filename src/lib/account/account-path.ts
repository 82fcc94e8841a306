/**
 * The pages of the signed-in (site.config.ts's paths.account and paths.staff), named here so the
 * header's account control need not load the config.
 */
export const ACCOUNT_PATH = '/account';
export const STAFF_PATH = '/staff';
