-- Ratings (issue 28), derived from finished games and never edited: `rerate` computes them all again.
-- Each rated game's places and the ratings they led to, one row per seat. `position` orders a server's rated games of
-- one kind (1, 2, …): the order the ratings are folded in. `guild_id` 0: a game on no server.
CREATE TABLE rated (
    game_id           INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat              INTEGER NOT NULL,
    guild_id          INTEGER NOT NULL,
    kind              TEXT    NOT NULL,
    player            TEXT    NOT NULL,
    name              TEXT    NOT NULL,
    place             INTEGER NOT NULL,
    position          INTEGER NOT NULL,
    finished_at       INTEGER NOT NULL,
    rating_before     REAL    NOT NULL,
    deviation_before  REAL    NOT NULL,
    volatility_before REAL    NOT NULL,
    games_before      INTEGER NOT NULL,
    rating_after      REAL    NOT NULL,
    deviation_after   REAL    NOT NULL,
    volatility_after  REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX rated_by_player ON rated (guild_id, kind, player, position);
CREATE INDEX rated_by_position ON rated (guild_id, kind, position);
CREATE INDEX rated_by_time ON rated (guild_id, kind, finished_at);

-- Each player's latest rating per server and kind (a cache of their last `rated` row), `shown` on the 1500 scale
-- for the leaderboard's order.
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    kind       TEXT    NOT NULL,
    player     TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    games      INTEGER NOT NULL,
    shown      INTEGER NOT NULL,
    PRIMARY KEY (guild_id, kind, player)
);
CREATE INDEX ratings_by_shown ON ratings (guild_id, kind, shown DESC);

-- Each server's leaderboard page per kind, reached by an unguessable token like a game's page.
CREATE TABLE leaderboards (
    guild_id INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    token    TEXT    NOT NULL UNIQUE,
    PRIMARY KEY (guild_id, kind)
);
