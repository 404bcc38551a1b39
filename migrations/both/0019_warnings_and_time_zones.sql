-- Players' time (issue 46): a warning before a seat's turn runs out, rung like its reminder (`warn_at`, claimed
-- with the seat's alarm lease), and each player's time zone (an IANA name; none: UTC) and warning hours ("12 1",
-- "" for none; none: the default).
ALTER TABLE seats ADD COLUMN warn_at BIGINT;
CREATE INDEX seats_by_warning ON seats (warn_at);
ALTER TABLE players ADD COLUMN time_zone TEXT;
ALTER TABLE players ADD COLUMN warning_hours TEXT;
