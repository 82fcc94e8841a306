import { afterEach, describe, expect, it, vi } from 'vitest';
import { RateLimiter } from '../../supabase/local/auth/rate-limit';

afterEach(() => {
  vi.useRealTimers();
});

describe('the local auth rate limiter', () => {
  it('allows the limit per key in a window, refuses beyond it, and allows again in the next window', () => {
    vi.useFakeTimers();
    const limiter = new RateLimiter(2, 60_000);
    expect([limiter.allow('ip:1'), limiter.allow('ip:1'), limiter.allow('ip:1')]).toEqual([true, true, false]);
    expect(limiter.allow('ip:2')).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(limiter.allow('ip:1')).toBe(true);
  });

  it('refuses when any of the keys is over its limit (the IP or the email address)', () => {
    const limiter = new RateLimiter(1, 60_000);
    expect(limiter.allow('ip:1', 'email:a')).toBe(true);
    expect(limiter.allow('ip:2', 'email:a')).toBe(false);
    expect(limiter.allow('ip:1', 'email:b')).toBe(false);
    expect(limiter.allow('ip:3', 'email:c')).toBe(true);
  });
});
