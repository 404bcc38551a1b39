-- Players named at the start are invited, not seated: they join or decline in the game's thread.
CREATE TABLE invitations (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id BIGINT  NOT NULL,
    name    TEXT    NOT NULL,
    -- Turned down: kept, so that the game does not start by itself without them.
    declined BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX invitations_by_user ON invitations (user_id);
-- The lobby's message in its channel, kept up to date as players join from the thread.
ALTER TABLE games ADD COLUMN lobby_message_id BIGINT;
-- A game or an effect whose stored data no longer reads: kept for a person to look at, left out of the turn clock
-- and of deliveries so that it stops nothing else. The text says why.
ALTER TABLE games ADD COLUMN set_aside TEXT;
ALTER TABLE outbox ADD COLUMN set_aside TEXT;
-- A delivery is claimed before it is sent: until then no other try starts. A restart releases every claim (the
-- process that held them is gone).
ALTER TABLE outbox ADD COLUMN leased_until BIGINT;
-- Deliveries go game by game, in order: the first undelivered effect of each game.
CREATE INDEX outbox_undelivered_by_game ON outbox (game_id, id) WHERE delivered_at IS NULL;
-- Lobbies a host has open on a server (capped).
CREATE INDEX games_by_host ON games (host_id, status);
