-- Colours anyone can tell apart (issue 62): the palette a player's own pictures are drawn in (`settings colours`;
-- none: the game's), and a game's, for its thread and its page, chosen by its host at start ('standard' or 'safe').
ALTER TABLE players ADD COLUMN colours TEXT;
ALTER TABLE games ADD COLUMN colours TEXT NOT NULL DEFAULT 'standard';
