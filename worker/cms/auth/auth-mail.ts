import type { CmsMail as MailMessage } from "./cms-host";

/** The e-mails of the auth flow. Links are absolute: the shop's public origin, or the request's. */
export function publicOrigin(env: Env, requestUrl: string): string {
  return (env.PUBLIC_ORIGIN || new URL(requestUrl).origin).replace(/\/$/, "");
}

export function resetPasswordMail(to: string, link: string): MailMessage {
  return {
    to,
    kind: "reset-password",
    subject: "Reset your password",
    text: [
      "Hello,",
      "",
      "We received a request to reset the password of your account. Follow this link to choose a new one:",
      link,
      "",
      "The link works once, for one hour. If you did not ask for it, ignore this message: your password stays as it is.",
    ].join("\n"),
  };
}

export function confirmationMail(to: string, link: string): MailMessage {
  return {
    to,
    kind: "email-confirmation",
    subject: "Confirm your e-mail address",
    text: [
      "Welcome!",
      "",
      "Please confirm your e-mail address to finish creating your account:",
      link,
      "",
      "If you did not sign up, ignore this message.",
    ].join("\n"),
  };
}

/** In local development the link is printed too, so a developer can follow it without a mail server. */
export function printLinkLocally(requestUrl: string, message: MailMessage, link: string): void {
  const host = new URL(requestUrl).hostname;
  if (host === "localhost" || host === "127.0.0.1") console.log(`[mail] ${message.subject} for ${message.to}: ${link}`);
}
