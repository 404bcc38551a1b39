-- Turns a player has let run out in a row: three, and the platform resigns them (a game must not stall for ever).
ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0;
