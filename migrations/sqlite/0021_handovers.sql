-- Seats that change hands (issue 47): every handover (a substitute, a computer taking over), kept for the game's
-- record, its ratings and a former player's clicks; and the offers of a seat waiting for the arriving player's answer
-- (one per seat: a new offer replaces the one before).
CREATE TABLE handovers (
    id        INTEGER PRIMARY KEY,
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    -- The moves played before it (the game's version then).
    version   INTEGER NOT NULL,
    from_user BIGINT  NOT NULL,
    from_name TEXT    NOT NULL,
    to_user   BIGINT  NOT NULL,
    to_name   TEXT    NOT NULL,
    by_user   BIGINT  NOT NULL,
    at        BIGINT  NOT NULL
);
CREATE INDEX handovers_by_game ON handovers (game_id, id);
CREATE TABLE seat_offers (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    from_user BIGINT  NOT NULL,
    to_user   BIGINT  NOT NULL,
    by_user   BIGINT  NOT NULL,
    made_at   BIGINT  NOT NULL,
    PRIMARY KEY (game_id, seat)
);
