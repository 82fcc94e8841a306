/**
 * Starts long-running services, prints where they are, and stops them all on Ctrl-C. A start-up
 * failure is one sentence, and whatever had started is stopped again.
 */
export function runUntilStopped(start: (closers: (() => Promise<void>)[]) => Promise<string[]>) {
  const closers: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const close of closers.reverse()) await close().catch(() => {});
  };
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log('\nStopping...');
      void stopAll().then(() => process.exit(0));
    });
  }
  start(closers)
    .then((lines) => console.log(`\n${lines.join('\n')}\n\nPress Ctrl-C to stop.`))
    .catch(async (error: unknown) => {
      console.error(`\n✖ ${error instanceof Error ? error.message : String(error)}`);
      await stopAll();
      process.exit(1);
    });
}
