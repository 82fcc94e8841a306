/** Players the video facades may load after a visitor clicks play. */
const VIDEO_HOSTS = ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'];

/**
 * No inline scripts anywhere (the prerenderer emits none), so scripts are limited to this origin.
 * Styles allow 'unsafe-inline' because Mantine sets CSS variables through style attributes.
 */
export function securityHeaders(apiOrigin = process.env.VITE_SUPABASE_URL): Record<string, string> {
  const connect = ["'self'", apiOrigin].filter(Boolean).join(' ');
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect}`,
    `frame-src ${VIDEO_HOSTS.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
  };
}
