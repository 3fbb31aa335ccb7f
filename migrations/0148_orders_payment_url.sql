-- The provider's page where the shopper pays an instalment order (docs/decisions/0122-an-instalment-order-names-its-provider.md):
-- kept with the payment reference when the session opens, so the order page can send a shopper who closed
-- it back there while the order awaits payment. Null for cash, for card and for orders placed before.
ALTER TABLE orders ADD COLUMN payment_url TEXT;
