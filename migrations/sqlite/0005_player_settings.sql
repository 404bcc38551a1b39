-- Players' settings: private messages on or off, and their own reminder interval.
ALTER TABLE players ADD COLUMN dms BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE players ADD COLUMN reminder_hours INTEGER;
