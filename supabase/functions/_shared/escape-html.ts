const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to put inside HTML: whatever a visitor typed stays text. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!);
