-- Games, their seats, the move log (the truth: a game is its set-up replayed with its moves), and the outbox of
-- effects to deliver after a move commits. Plain types and no SQLite-only syntax, so PostgreSQL can follow.
-- Times are Unix milliseconds; Discord ids are their 64-bit snowflakes.

CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    kind             TEXT    NOT NULL,
    guild_id         BIGINT,
    channel_id       BIGINT  NOT NULL,
    thread_id        BIGINT,
    host_id          BIGINT  NOT NULL,
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    options          TEXT    NOT NULL,
    seed             BIGINT  NOT NULL,
    -- Moves applied so far: the version a player saw when they chose their move.
    version          INTEGER NOT NULL DEFAULT 0,
    -- A cache of the state at snapshot_version; replaying the moves gives the same.
    snapshot         TEXT,
    snapshot_version INTEGER,
    created_at       BIGINT  NOT NULL,
    updated_at       BIGINT  NOT NULL
);
CREATE INDEX games_by_channel ON games (channel_id, status);

CREATE TABLE seats (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- Join order in the lobby; turn order once the game starts.
    seat     INTEGER NOT NULL,
    user_id  BIGINT  NOT NULL,
    name     TEXT    NOT NULL,
    resigned BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);
CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE moves (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- 1, 2, …: the game's version once this move is applied.
    seq            INTEGER NOT NULL,
    seat           INTEGER NOT NULL,
    action         TEXT    NOT NULL,
    played_at      BIGINT  NOT NULL,
    -- The Discord interaction that asked for the move: one interaction, one move.
    interaction_id BIGINT UNIQUE,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY,
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- The game's version the effect shows.
    version      INTEGER NOT NULL,
    effect       TEXT    NOT NULL,
    created_at   BIGINT  NOT NULL,
    delivered_at BIGINT,
    attempts     INTEGER NOT NULL DEFAULT 0,
    last_error   TEXT
);
CREATE INDEX outbox_pending ON outbox (delivered_at, id);
