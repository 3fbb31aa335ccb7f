-- The token of the last add that changed a bag line: the same add sent twice (a retry after an answer
-- that was lost) finds its token on the line and changes nothing (docs/decisions/0100).
ALTER TABLE cart_lines ADD COLUMN last_token TEXT;
