import type { MailAdapter, MailMessage } from "./mailer";

/**
 * Delivers through a transactional e-mail HTTP API (Resend's `POST /emails`
 * shape: from, to, subject, text, with a Bearer key). Any error answer throws,
 * so the message stays in the outbox for the next run.
 */
export function httpMailAdapter(options: { apiKey: string; from: string; endpoint: string }): MailAdapter {
  return {
    async deliver(message: MailMessage) {
      const response = await fetch(options.endpoint, {
        method: "POST",
        headers: { Authorization: `Bearer ${options.apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({ from: options.from, to: [message.to], subject: message.subject, text: message.text }),
      });
      if (!response.ok) throw new Error(`Mail API answered ${response.status}`);
    },
  };
}
