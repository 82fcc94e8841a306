/** Fixed-window counters in memory: enough for one local server, and reset by a restart like GoTrue's. */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetsAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one attempt for each key; false when any of them is over its limit. */
  allow(...keys: string[]): boolean {
    const now = Date.now();
    // Forget finished windows now and then, so many different addresses cannot grow the map for ever.
    if (this.windows.size > 10_000) for (const [key, window] of this.windows) if (window.resetsAt <= now) this.windows.delete(key);
    let allowed = true;
    for (const key of keys) {
      let window = this.windows.get(key);
      if (!window || window.resetsAt <= now) {
        window = { count: 0, resetsAt: now + this.windowMs };
        this.windows.set(key, window);
      }
      window.count += 1;
      if (window.count > this.limit) allowed = false;
    }
    return allowed;
  }
}
