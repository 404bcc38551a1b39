-- Ratings (issue 28), derived from finished games and never edited: `rerate` computes them all again.
-- Each rated game's places and the ratings they led to, one row per seat. `position` orders a server's rated games of
-- one kind (1, 2, …): the order the ratings are folded in. `guild_id` 0: a game on no server.
CREATE TABLE rated (
    game_id           BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat              BIGINT  NOT NULL,
    guild_id          BIGINT  NOT NULL,
    kind              TEXT    NOT NULL,
    player            TEXT    NOT NULL,
    name              TEXT    NOT NULL,
    place             BIGINT  NOT NULL,
    position          BIGINT  NOT NULL,
    finished_at       BIGINT  NOT NULL,
    rating_before     DOUBLE PRECISION NOT NULL,
    deviation_before  DOUBLE PRECISION NOT NULL,
    volatility_before DOUBLE PRECISION NOT NULL,
    games_before      BIGINT  NOT NULL,
    rating_after      DOUBLE PRECISION NOT NULL,
    deviation_after   DOUBLE PRECISION NOT NULL,
    volatility_after  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX rated_by_player ON rated (guild_id, kind, player, position);
CREATE INDEX rated_by_position ON rated (guild_id, kind, position);
CREATE INDEX rated_by_time ON rated (guild_id, kind, finished_at);

-- Each player's latest rating per server and kind (a cache of their last `rated` row), `shown` on the 1500 scale
-- for the leaderboard's order.
CREATE TABLE ratings (
    guild_id   BIGINT  NOT NULL,
    kind       TEXT    NOT NULL,
    player     TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games      BIGINT  NOT NULL,
    shown      BIGINT  NOT NULL,
    PRIMARY KEY (guild_id, kind, player)
);
CREATE INDEX ratings_by_shown ON ratings (guild_id, kind, shown DESC);

-- Each server's leaderboard page per kind, reached by an unguessable token like a game's page.
CREATE TABLE leaderboards (
    guild_id BIGINT  NOT NULL,
    kind     TEXT    NOT NULL,
    token    TEXT    NOT NULL UNIQUE,
    PRIMARY KEY (guild_id, kind)
);
