/**
 * Guest orders joining the account of the e-mail they were placed with, only once that e-mail is
 * proven (docs/decisions/0128-local-pickup-path-and-guest-orders-on-a-proven-e-mail.md, "Guest orders"): an account
 * registered while the CMS asked for the e-mail to be confirmed gets a row in account_email_proofs
 * (migrations/0154_account_email_proofs.sql); its first sign-in as a confirmed account attaches every
 * guest order with that e-mail and deletes the row, in one batch. Without the row nothing is attached:
 * anyone can sign up with someone else's address where e-mails are not confirmed.
 */

/** At registration, when the CMS answered without a token: this account's e-mail is being proven. */
export async function awaitEmailProof(db: D1Database, userId: number, email: string, now = new Date()): Promise<void> {
  await db
    .prepare(
      `INSERT INTO account_email_proofs (user_id, email, created_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (user_id) DO UPDATE SET email = excluded.email, created_at = excluded.created_at`,
    )
    .bind(userId, email.trim().toLowerCase(), now.toISOString())
    .run();
}

/**
 * At a confirmed account's sign-in: its guest orders with the proven e-mail become its own, one round
 * trip. Orders keep their e-mail in lower case (shared/forms/rules.ts). Returns how many were attached.
 */
export async function attachProvenGuestOrders(db: D1Database, user: { id: number; email: string }): Promise<number> {
  const email = user.email.trim().toLowerCase();
  const proven = "EXISTS (SELECT 1 FROM account_email_proofs WHERE user_id = ?1 AND email = ?2)";
  const [attached] = await db.batch([
    db
      .prepare(`UPDATE orders SET user_id = ?1 WHERE email = ?2 AND user_id IS NULL AND ${proven}`)
      .bind(user.id, email),
    db.prepare("DELETE FROM account_email_proofs WHERE user_id = ?1 AND email = ?2").bind(user.id, email),
  ]);
  return attached?.meta.changes ?? 0;
}
