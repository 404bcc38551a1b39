-- The languages the bot speaks (issue 26): a game's own (its thread, its pictures, its page), and each player's,
-- the one Discord last said they use (`locale`) and the one they chose (`settings language`), for their DMs.
ALTER TABLE games ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
ALTER TABLE players ADD COLUMN locale_lang TEXT;
ALTER TABLE players ADD COLUMN chosen_lang TEXT;
