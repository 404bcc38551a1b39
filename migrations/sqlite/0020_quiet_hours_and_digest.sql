-- Players' time (issue 46): quiet hours (from and to: hours in the player's zone; none: no quiet hours), a daily
-- digest (its hour; none: off) and when it next comes, and the private messages held during quiet hours, each
-- released (with the others of its player, as one message) when they end. A player's alarms (digest, release) are
-- claimed with a lease on their row, like a seat's.
ALTER TABLE players ADD COLUMN quiet_from INTEGER;
ALTER TABLE players ADD COLUMN quiet_to INTEGER;
ALTER TABLE players ADD COLUMN digest_hour INTEGER;
ALTER TABLE players ADD COLUMN digest_next_at BIGINT;
ALTER TABLE players ADD COLUMN alarm_leased_until BIGINT;
ALTER TABLE players ADD COLUMN alarm_leased_by TEXT;
ALTER TABLE players ADD COLUMN alarm_claim BIGINT NOT NULL DEFAULT 0;
CREATE INDEX players_by_digest ON players (digest_next_at);
CREATE TABLE held_messages (
    id         INTEGER PRIMARY KEY,
    user_id    BIGINT  NOT NULL,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- The game's version the effect shows, and the effect as JSON (as in the outbox).
    version    INTEGER NOT NULL,
    effect     TEXT    NOT NULL,
    held_at    BIGINT  NOT NULL,
    release_at BIGINT  NOT NULL
);
CREATE INDEX held_messages_by_release ON held_messages (release_at);
CREATE INDEX held_messages_by_user ON held_messages (user_id, id);
