-- The clock of the player to move: when their turn runs out, and when to remind them next.
ALTER TABLE games ADD COLUMN deadline_at BIGINT;
ALTER TABLE games ADD COLUMN remind_at BIGINT;
CREATE INDEX games_by_deadline ON games (status, deadline_at);
CREATE INDEX games_by_reminder ON games (status, remind_at);
