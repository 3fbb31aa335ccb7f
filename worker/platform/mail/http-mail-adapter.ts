import type { MailAdapter, MailMessage } from "./mailer";

/**
 * Delivers through a transactional e-mail HTTP API (Resend's `POST /emails`
 * shape: from, to, subject, text, html, headers, with a Bearer key). Any error answer throws,
 * so the message stays in the outbox for the next run.
 */
export function httpMailAdapter(options: { apiKey: string; from: string; endpoint: string }): MailAdapter {
  return {
    async deliver(message: MailMessage) {
      const response = await fetch(options.endpoint, {
        method: "POST",
        headers: { Authorization: `Bearer ${options.apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          from: options.from,
          to: [message.to],
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
        }),
      });
      if (!response.ok) {
        // The API's own words (e.g. "invalid `to` address") are what staff need to judge a retry on /staff/outbox.
        const said = (await response.text().catch(() => "")).replace(/\s+/g, " ").trim().slice(0, 300);
        throw new Error(`Mail API answered ${response.status}${said ? `: ${said}` : ""}`);
      }
    },
  };
}
