-- Tournaments on a server (issue 49): entrants, rounds and their games and byes. The games are ordinary games
-- (their move logs are the truth); a round's draw is a function of the entrants and the results before it.
CREATE TABLE tournaments (
    id              INTEGER PRIMARY KEY,
    kind            TEXT    NOT NULL,
    guild_id        BIGINT  NOT NULL,
    channel_id      BIGINT  NOT NULL,
    -- The announcement (with Join) in the channel, and the tournament's thread opened from it.
    message_id      BIGINT,
    thread_id       BIGINT,
    host_id         BIGINT  NOT NULL,
    name            TEXT    NOT NULL,
    format          TEXT    NOT NULL CHECK (format IN ('swiss', 'round-robin')),
    -- Swiss: as the host set; round robin: drawn when it starts.
    rounds          BIGINT,
    -- The games' options as JSON (their turn limit among them).
    options         TEXT    NOT NULL,
    lang            TEXT    NOT NULL,
    status          TEXT    NOT NULL CHECK (status IN ('open', 'running', 'finished')),
    -- Rounds started: a round starts in the transaction that moves this from r - 1 to r, so once.
    round           BIGINT  NOT NULL DEFAULT 0,
    -- When it starts by itself (none: when its host starts it).
    starts_at       BIGINT,
    page_token      TEXT    NOT NULL UNIQUE,
    created_at      BIGINT  NOT NULL,
    finished_at     BIGINT
);
CREATE INDEX tournaments_by_status ON tournaments (status);

-- Entrants in entry order (`entrant`, 0 first: every tie in a draw is broken by it); a computer's `user_id` is its
-- seat's (negative).
CREATE TABLE tournament_entrants (
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    entrant       BIGINT  NOT NULL,
    user_id       BIGINT  NOT NULL,
    name          TEXT    NOT NULL,
    computer      TEXT,
    -- Withdrew once this many rounds had started; later rounds leave them out.
    withdrawn_after BIGINT,
    PRIMARY KEY (tournament_id, entrant),
    UNIQUE (tournament_id, user_id)
);

-- Each round's games, and what each entrant scored once it ended (JSON `[[user_id, points], …]`), written in the
-- transaction that ends it.
CREATE TABLE tournament_games (
    game_id       BIGINT  NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         BIGINT  NOT NULL,
    results       TEXT
);
CREATE INDEX tournament_games_by_round ON tournament_games (tournament_id, round);

-- Each round's byes.
CREATE TABLE tournament_byes (
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         BIGINT  NOT NULL,
    entrant       BIGINT  NOT NULL,
    PRIMARY KEY (tournament_id, round, entrant)
);

-- A server's organisers: besides those who may manage threads in a channel, the members of this role may create
-- tournaments there (named by someone who may manage the server).
CREATE TABLE tournament_organisers (
    guild_id BIGINT NOT NULL PRIMARY KEY,
    role_id  BIGINT NOT NULL
);
