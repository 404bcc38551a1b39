-- A game's board posts and results, delivered or not (its replays read them), found by game.
CREATE INDEX outbox_by_game ON outbox (game_id, id);
