-- Each seat keeps its own turn clock, so that several seats may be due at once (Dragon Delta's programmes): when
-- its turn runs out and when to remind its player next.
ALTER TABLE seats ADD COLUMN deadline_at BIGINT;
ALTER TABLE seats ADD COLUMN remind_at BIGINT;
CREATE INDEX seats_by_deadline ON seats (deadline_at);
CREATE INDEX seats_by_reminder ON seats (remind_at);

-- Until now only Meridian was played, one seat at a time, turns going round the table: the running clock of an
-- active game belongs to seat (moves played) mod (players).
UPDATE seats SET
    deadline_at = (SELECT g.deadline_at FROM games g WHERE g.id = seats.game_id),
    remind_at = (SELECT g.remind_at FROM games g WHERE g.id = seats.game_id)
WHERE seat = (
    SELECT g.version % (SELECT COUNT(*) FROM seats s WHERE s.game_id = g.id)
    FROM games g WHERE g.id = seats.game_id AND g.status = 'active'
);

DROP INDEX games_by_deadline;
DROP INDEX games_by_reminder;
ALTER TABLE games DROP COLUMN deadline_at;
ALTER TABLE games DROP COLUMN remind_at;
