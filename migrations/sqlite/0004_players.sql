-- Players' own settings across games: vacations (at most 14 days a calendar year).
CREATE TABLE players (
    user_id          BIGINT  PRIMARY KEY,
    vacation_until   BIGINT,
    vacation_year    INTEGER,
    vacation_used_ms BIGINT  NOT NULL DEFAULT 0
);
