/**
 * The local mail inbox, like the one `supabase start` gives: a real SMTP server that auth emails and
 * send-form-notification deliver to, a page listing what arrived, and a JSON API for tests.
 *   SMTP  localhost:54325       HTTP  http://localhost:54324  (page), /api/v1/messages (JSON)
 *
 * Like Mailpit's "chaos" feature, PUT /api/v1/chaos {"Recipient": {"ErrorCode": 451, "Probability": 100}}
 * makes the SMTP server refuse recipients, so a failed email can be tried for real; Probability 0 ends it.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { guarded, keepIdleConnections } from './guarded.ts';
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { readBody } from './request-body.ts';

export interface InboxMessage {
  id: string;
  receivedAt: string;
  from: string;
  /** Envelope recipients: who the mail was actually delivered to. */
  to: string[];
  replyTo: string | null;
  subject: string;
  html: string | null;
  text: string | null;
}

export interface Inbox {
  messages: InboxMessage[];
  smtpPort: number;
  httpPort: number;
  close(): Promise<void>;
}

/** Newest first; the oldest beyond this are forgotten, as a development inbox should. */
const KEEP = 500;

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!);

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><link rel="icon" href="data:,">
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1a1b1e}table{border-collapse:collapse;width:100%}
td,th{padding:.5rem;border-bottom:1px solid #dee2e6;text-align:left}iframe{width:100%;height:60vh;border:1px solid #dee2e6}
pre{white-space:pre-wrap;background:#f8f9fa;padding:1rem}</style></head><body>${body}</body></html>`;
}

function listPage(messages: InboxMessage[]) {
  const rows = messages
    .map((m) => `<tr><td>${escapeHtml(new Date(m.receivedAt).toLocaleString())}</td><td>${escapeHtml(m.to.join(', '))}</td><td><a href="/messages/${m.id}">${escapeHtml(m.subject || '(no subject)')}</a></td></tr>`)
    .join('');
  return page('Local inbox', `<h1>Local inbox</h1><p>${messages.length} message(s). Mail sent by the local stack lands here.</p>
<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`);
}

function messagePage(m: InboxMessage) {
  // The HTML part is shown in a sandboxed frame: no scripts, no access to this page. Its links open in a
  // new, unsandboxed tab, so a confirmation link really signs the visitor in on the site.
  const html = m.html
    ? `<h2>HTML</h2><iframe sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(`<base target="_blank">${m.html}`)}" title="HTML body"></iframe>`
    : '';
  const text = m.text ? `<h2>Text</h2><pre>${escapeHtml(m.text)}</pre>` : '';
  // The web links of the text part, clickable on this page itself (like Mailpit's link list).
  const urls = [...new Set(m.text?.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
  const links = urls.length
    ? `<h2>Links</h2><ul>${urls.map((url) => `<li><a href="${escapeHtml(url)}" target="_blank" rel="noopener">${escapeHtml(url)}</a></li>`).join('')}</ul>`
    : '';
  return page(m.subject, `<p><a href="/">← All messages</a></p><h1>${escapeHtml(m.subject || '(no subject)')}</h1>
<table><tr><th>From</th><td>${escapeHtml(m.from)}</td></tr><tr><th>To</th><td>${escapeHtml(m.to.join(', '))}</td></tr>
<tr><th>Reply-To</th><td>${escapeHtml(m.replyTo ?? '')}</td></tr><tr><th>Received</th><td>${escapeHtml(m.receivedAt)}</td></tr></table>${links}${html}${text}`);
}

function listen(server: { listen: (port: number, host: string, cb: () => void) => unknown }, port: number, what: string) {
  return new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code === 'EADDRINUSE' ? `Port ${port} (${what}) is already in use. Stop whatever uses it and try again.` : error.message));
    (server as unknown as Server).once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      (server as unknown as Server).off('error', onError);
      resolve();
    });
  });
}

/** Refusals on demand: how often (0–100 %) a recipient is refused, and with which SMTP code. */
interface Chaos {
  Recipient: { ErrorCode: number; Probability: number };
}

function parseChaos(text: string | null): Chaos | null {
  if (text === null) return null;
  try {
    const trigger = (JSON.parse(text) as Partial<Chaos>).Recipient;
    const { ErrorCode, Probability } = trigger ?? {};
    if (Number.isInteger(ErrorCode) && ErrorCode! >= 400 && ErrorCode! <= 599 && typeof Probability === 'number' && Probability >= 0 && Probability <= 100) {
      return { Recipient: { ErrorCode: ErrorCode!, Probability } };
    }
  } catch {
    // answered below
  }
  return null;
}

export async function startInbox({ smtpPort, httpPort }: { smtpPort: number; httpPort: number }): Promise<Inbox> {
  const messages: InboxMessage[] = [];
  let chaos: Chaos = { Recipient: { ErrorCode: 451, Probability: 0 } };
  const smtp = new SMTPServer({
    onRcptTo(address, _session, callback) {
      const { ErrorCode, Probability } = chaos.Recipient;
      if (Math.random() * 100 >= Probability) return callback();
      const refusal = Object.assign(new Error(`${address.address}: refused by the local inbox (chaos mode)`), { responseCode: ErrorCode });
      return callback(refusal);
    },
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    banner: 'Local development inbox',
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((mail) => {
            messages.unshift({
              id: randomUUID(),
              receivedAt: new Date().toISOString(),
              from: mail.from?.address ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
              to: session.envelope.rcptTo.map((r) => r.address),
              replyTo: mail.replyTo?.[0]?.address ?? null,
              subject: mail.subject ?? '',
              html: mail.html ?? null,
              text: mail.text ?? null,
            });
            messages.splice(KEEP);
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });

  const http = createServer(guarded('mail inbox', async (req, res, url) => {
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(body);
    };
    if (url.pathname === '/api/v1/messages' && req.method === 'GET') return send(200, 'application/json', JSON.stringify({ total: messages.length, messages }));
    if (url.pathname === '/api/v1/messages' && req.method === 'DELETE') {
      messages.length = 0;
      return send(200, 'application/json', '{"ok":true}');
    }
    if (url.pathname === '/api/v1/chaos' && req.method === 'GET') return send(200, 'application/json', JSON.stringify(chaos));
    if (url.pathname === '/api/v1/chaos' && req.method === 'PUT') {
      const next = parseChaos(await readBody(req, 10_000));
      if (!next) return send(400, 'application/json', JSON.stringify({ error: 'Send {"Recipient": {"ErrorCode": 400-599, "Probability": 0-100}}.' }));
      chaos = next;
      return send(200, 'application/json', JSON.stringify(chaos));
    }
    if (url.pathname === '/' && req.method === 'GET') return send(200, 'text/html; charset=utf-8', listPage(messages));
    const found = url.pathname.startsWith('/messages/') ? messages.find((m) => m.id === url.pathname.slice('/messages/'.length)) : undefined;
    if (found) return send(200, 'text/html; charset=utf-8', messagePage(found));
    return send(404, 'text/html; charset=utf-8', page('Not found', '<h1>Not found</h1><p><a href="/">All messages</a></p>'));
  }));

  await listen(smtp, smtpPort, 'mail inbox SMTP');
  try {
    keepIdleConnections(http);
    await listen(http, httpPort, 'mail inbox page');
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw error;
  }
  return {
    messages,
    smtpPort: (smtp.server.address() as AddressInfo).port,
    httpPort: (http.address() as AddressInfo).port,
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
    },
  };
}
