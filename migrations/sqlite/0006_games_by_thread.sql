-- Every command in a game's thread finds its game by the thread.
CREATE INDEX games_by_thread ON games (thread_id);
