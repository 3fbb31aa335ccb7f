-- Decision 0090: an e-mail may carry an HTML part beside its text (the account e-mails, written in the
-- account's language). Null for text-only messages, which every earlier message was.
ALTER TABLE outbox ADD COLUMN body_html TEXT;
