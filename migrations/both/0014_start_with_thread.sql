-- A lobby whose players were all in before the bot had recorded its thread (issue 23): the game starts as soon as
-- the thread is recorded, so that its first board goes to the thread and not to the channel.
ALTER TABLE games ADD COLUMN starts_with_thread BOOLEAN NOT NULL DEFAULT FALSE;
