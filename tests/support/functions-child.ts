// A stand-in for `npm start` in the orphan test: starts every function, prints their process ids, and
// waits to be killed.
import { startFunctions } from '../../supabase/local/functions';

const runner = await startFunctions({ SMTP_HOST: '127.0.0.1', SMTP_PORT: '1', NOTIFY_TO: 'team@localhost', EMAIL_FROM: 'Website <notifications@localhost>' });
console.log(JSON.stringify([...runner.functions.values()].map((f) => f.process.pid)));
setInterval(() => {}, 60_000);
