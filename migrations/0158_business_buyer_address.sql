-- A VAT-registered business buyer's own address, which its full tax invoice prints as the buyer's
-- address (docs/decisions/0116-tax-invoices-issued-in-the-batch-that-makes-a-supply.md): a business that
-- picks up its order has no delivery address. NULL for the orders placed before it was asked; their
-- invoices print the delivery address instead.
ALTER TABLE order_business_buyers ADD COLUMN address TEXT CHECK (address IS NULL OR length(address) BETWEEN 1 AND 300);
