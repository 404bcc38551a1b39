-- One name per feature (issue 61): a move asked back by agreement is an undo, as the command a player types says
-- (Meridian's own "take back" is a rule action: a tower back to the reserve); a seat changing hands is a
-- substitution, as the command `substitute` says. Tables, columns, an index and the controls' keys follow.
ALTER TABLE moves RENAME COLUMN take_back TO undo;
ALTER TABLE moves RENAME COLUMN taken_back_at TO undone_at;
ALTER TABLE take_back_offers RENAME TO undo_offers;
ALTER TABLE handovers RENAME TO substitutions;
DROP INDEX handovers_by_game;
CREATE INDEX substitutions_by_game ON substitutions (game_id, id);
UPDATE live_controls SET controls = 'undo:' || substr(controls, 11) WHERE controls LIKE 'take\_back:%' ESCAPE '\';
