/**
 * The moment an article's day (`published: 'YYYY-MM-DD'` in site.config.ts) stands for, wherever a time is
 * needed (the feed's RFC 822 dates, schema.org's ISO 8601 ones): noon UTC, so the day reads the same in
 * every time zone, and the feed and the structured data say the same instant.
 */
export const articleDate = (day: string) => new Date(`${day}T12:00:00Z`);
