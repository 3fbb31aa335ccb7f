-- An account whose e-mail the CMS is proving with a confirmation link (worker/screens/account/signup.tsx
-- writes a row when registration answers without a token). The first sign-in of that account once the
-- CMS says it is confirmed attaches the guest orders placed with that e-mail, in one batch, and deletes
-- the row (worker/platform/orders/guest-orders-claim.ts). An account that never had to prove its e-mail
-- has no row: its guest orders stay guest orders (decision 0128).
CREATE TABLE account_email_proofs (
  user_id INTEGER PRIMARY KEY,
  email TEXT NOT NULL,
  created_at TEXT NOT NULL
);
