-- Take-backs by agreement and seats taken back from computers (issue 47).
-- A take-back is an event of the move log, a row of its own (`take_back`: its `action` lists the moves it took
-- back, its `seat` asked), so the game's version counts every change and never returns to an earlier number (a
-- control or a post made for one version cannot meet a different game under the same number). The moves it took
-- back stay in the log and name it (`taken_back_at`: its version).
ALTER TABLE moves ADD COLUMN take_back BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE moves ADD COLUMN taken_back_at BIGINT;
-- A take-back waiting for the other players: one per game, asked at one version (a move since ends it).
CREATE TABLE take_back_offers (
    game_id    BIGINT NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    seat       BIGINT NOT NULL,
    version    BIGINT NOT NULL,
    -- The seats that have agreed (one bit per seat).
    agreed     BIGINT  NOT NULL DEFAULT 0,
    asked_at   BIGINT  NOT NULL,
    expires_at BIGINT  NOT NULL
);
-- A player taking their seat back from a computer that the host gave it to: the host answers the offer (`answerer`;
-- none: the arriving player, as for a substitute), and the arriving player's name is kept with it.
ALTER TABLE seat_offers ADD COLUMN answerer BIGINT;
ALTER TABLE seat_offers ADD COLUMN to_name TEXT;
