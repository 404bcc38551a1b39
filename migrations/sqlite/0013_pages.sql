-- Every game has a web page (issue 15), reached only through an unguessable token: 128 random bits in hex. Games
-- stored before get theirs here (SQLite's randomblob draws from its ChaCha20 generator seeded by the system); new
-- games get one from the system's random source when their lobby opens.
ALTER TABLE games ADD COLUMN page_token TEXT;
UPDATE games SET page_token = lower(hex(randomblob(16))) WHERE page_token IS NULL;
CREATE UNIQUE INDEX games_by_page_token ON games (page_token);
