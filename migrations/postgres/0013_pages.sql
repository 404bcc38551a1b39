-- Every game has a web page (issue 15), reached only through an unguessable token: 128 random bits in hex. Games
-- stored before get theirs here (gen_random_uuid: 122 bits from the server's strong random source, PostgreSQL 13
-- and later); new games get one from the system's random source when their lobby opens.
ALTER TABLE games ADD COLUMN page_token TEXT;
UPDATE games SET page_token = replace(gen_random_uuid()::text, '-', '') WHERE page_token IS NULL;
CREATE UNIQUE INDEX games_by_page_token ON games (page_token);
