-- Decision 0112: a guest's way back to their order. A random token kept with the order (128 bits,
-- base64url), written in the order's own batch (worker/screens/cart/place-order.ts) and put in every
-- order e-mail's link to the order page (`/cart/order/NB-…?key=…`). Orders placed before this have
-- none until one is first needed (worker/platform/orders/order-access.ts). Kept with the order, not
-- derived from a secret, so a secret's rotation does not break the links in e-mails already sent.
ALTER TABLE orders ADD COLUMN access_token TEXT;
