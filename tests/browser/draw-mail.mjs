// The worker's own drawing of queued e-mails (worker/platform/mail/outbox-drawing.ts), run from the Node
// harness against the test shop's D1 (Miniflare's binding), as the cron runs it before it sends. Through
// this file and its declaration (draw-mail.d.mts): the worker's sources need workerd's types, which the
// Node test project does not have, so the harness sees only the function's signature.
export { drawQueuedMail } from "../../worker/platform/mail/outbox-drawing.ts";
