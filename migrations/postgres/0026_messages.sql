-- Messages players are glad to get (issue 60).
-- When Discord last refused a player's private message (its 50007: they closed their DMs); none once one reached them
-- again. While set, the thread's post pings them with their turn, since no private note will.
ALTER TABLE players ADD COLUMN dms_closed_at BIGINT;
-- Servers' names as Discord last said them (GUILD_CREATE, GUILD_UPDATE): a private message says which server its game
-- is on.
CREATE TABLE servers (
    guild_id BIGINT PRIMARY KEY,
    name     TEXT   NOT NULL
);
-- The effect that told a player in a game's thread why their turns come there and not privately: said once a game.
CREATE TABLE dms_explained (
    game_id   BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id   BIGINT  NOT NULL,
    outbox_id BIGINT  NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
-- Messages sent with controls that stay clickable until what they ask is over: a your-turn note's menus (`turn`, to
-- its player), an invitation's buttons (`game`, `seat`, `take_back`). Retired (their controls replaced by what
-- became of them) through the outbox, then forgotten.
CREATE TABLE live_controls (
    channel_id BIGINT  NOT NULL,
    message_id BIGINT  NOT NULL,
    game_id    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    controls   TEXT    NOT NULL,
    user_id    BIGINT,
    PRIMARY KEY (channel_id, message_id)
);
CREATE INDEX live_controls_of_game ON live_controls (game_id, controls);
