/** A member's page (site.config.ts's paths.account), named here so the header's account control need not load the config. */
export const ACCOUNT_PATH = '/account';
