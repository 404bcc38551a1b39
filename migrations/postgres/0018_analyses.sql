-- Analyses of finished games (issue 29). A game's row is written in the transaction that finishes it and marked done
-- in the one that stores its analysis, so a running game has none and a restart neither loses nor repeats one:
-- `claim` counts the claims (the holder's token) and `leased_until` ends one by the database's clock.
CREATE TABLE analyses (
    game_id      BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    queued_at    BIGINT NOT NULL,
    claim        BIGINT NOT NULL DEFAULT 0,
    leased_by    TEXT,
    leased_until BIGINT,
    done_at      BIGINT,
    -- Done without an analysis: it failed on every try (its game does not replay); none will come.
    given_up     BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX analyses_to_do ON analyses (done_at, queued_at);

-- Each judged move of an analysed game (a move with a choice to make): its mover's share of the win before it, after
-- it and after the best move, and the best move in words (a message of the catalogues, as JSON).
CREATE TABLE analysed_moves (
    game_id      BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq          BIGINT NOT NULL,
    seat         BIGINT NOT NULL,
    share_before DOUBLE PRECISION NOT NULL,
    share_after  DOUBLE PRECISION NOT NULL,
    share_best   DOUBLE PRECISION NOT NULL,
    best_line    TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
