// Runs one edge function under Deno for the local stack, and ends it when the stack ends: the stack
// holds this process's stdin open, and even a stack killed with SIGKILL closes it, so no function is
// left running behind a dead `npm start`. The function itself is imported unchanged.
const [entry] = Deno.args;
if (!entry) throw new Error('Usage: function-host.ts <path of the function index.ts>');

// Nothing is ever sent; the read ends when the parent's end of the pipe closes.
void Deno.stdin.readable.pipeTo(new WritableStream()).finally(() => Deno.exit(0));

await import(new URL(entry, `file://${Deno.cwd()}/`).href);
