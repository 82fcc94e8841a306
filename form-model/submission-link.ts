/**
 * Where staff open one submission: the staff page with its id in the address. The staff email links
 * there, the CSV export does too, and the staff page reads the same parameter (src/features/staff).
 * The path is site.config.ts's `paths.staff`, which this function cannot import (a test holds them equal).
 */
export const STAFF_PATH = '/staff';
export const SUBMISSION_PARAM = 'submission';

/** The submission's address on the site at `site` (its origin, a trailing slash or not). */
export const submissionLink = (site: string, id: string) => `${site.replace(/\/+$/, '')}${STAFF_PATH}?${SUBMISSION_PARAM}=${encodeURIComponent(id)}`;
