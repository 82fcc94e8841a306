/**
 * One local stack in a process of its own, so the reliability suite can kill it with SIGKILL as a crash
 * or an impatient developer would: `node --import tsx stack-process.ts <data folder> <api> <inbox> <smtp>`.
 * Prints one JSON line when ready ({ ready, apiUrl, inboxUrl, anonKey }) or ({ error }) and exits.
 */
import { startLocalStack } from '../../supabase/local/stack.ts';

const [dataDir, api, inboxHttp, inboxSmtp] = process.argv.slice(2);
try {
  const stack = await startLocalStack(dataDir!, { api: Number(api), inboxHttp: Number(inboxHttp), inboxSmtp: Number(inboxSmtp) });
  console.log(JSON.stringify({ ready: true, apiUrl: stack.apiUrl, inboxUrl: stack.inboxUrl, anonKey: stack.anonKey }));
  process.once('SIGTERM', () => void stack.close().then(() => process.exit(0)));
} catch (error) {
  console.log(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
  process.exit(1);
}
