/**
 * Text made safe for HTML, in text and in a quoted attribute, written as React writes it (so HTML
 * made by hand — the shop's e-mails, the 404 frame's filled path — reads as a render's would).
 */
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}
