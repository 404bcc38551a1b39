-- A computer may take a seat (issue 14): the level it plays at, NULL for a person. Its user_id is negative, never a
-- Discord user's.
ALTER TABLE seats ADD COLUMN computer TEXT;
