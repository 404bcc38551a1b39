-- A choice that is final once made, before its player sees what it leads to (Dragon Delta's plank, chosen « à vue
-- de nez » before its places are shown): the value chosen, and the game's version it was chosen at (a pledge of an
-- earlier version is spent).
ALTER TABLE seats ADD COLUMN pledge TEXT;
ALTER TABLE seats ADD COLUMN pledge_version BIGINT;
