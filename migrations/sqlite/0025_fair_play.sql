-- Fair play (issue 59). The move log says who played each move and how, so that a result is credited to whoever
-- played it and a player's reliability is read from their own turns (no second truth):
-- `user_id`: who held the seat and was to play it (a person, or a computer's negative id); none for a move the rules
-- played by themselves (a choice with one outcome, a resigned seat's turn). `ran_out`: the clock played it for them.
-- `waited_ms`: on a turn's first move, how long its player had been due (none on the turn's other moves).
ALTER TABLE moves ADD COLUMN user_id BIGINT;
ALTER TABLE moves ADD COLUMN ran_out BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE moves ADD COLUMN waited_ms BIGINT;
-- The moves logged before: their seat's holder then (the last handover before the move, else the first holder).
UPDATE moves SET user_id = COALESCE(
    (SELECT h.to_user FROM handovers h WHERE h.game_id = moves.game_id AND h.seat = moves.seat AND h.version < moves.seq
     ORDER BY h.id DESC LIMIT 1),
    (SELECT h.from_user FROM handovers h WHERE h.game_id = moves.game_id AND h.seat = moves.seat ORDER BY h.id LIMIT 1),
    (SELECT s.user_id FROM seats s WHERE s.game_id = moves.game_id AND s.seat = moves.seat)
);
CREATE INDEX moves_by_user ON moves (user_id, played_at);
-- When the seat's current turn began (none while it is not due): a move's `waited_ms` is counted from it.
ALTER TABLE seats ADD COLUMN due_since BIGINT;
-- An offer to a substitute for a player who is playing needs that player's Accept too (`awaits_leaving`), whichever
-- answers first (`arriving_agreed`: the arriving player did); and it is checked again when accepted: its seat
-- resigned since it was made (`holder_resigned` says how it was then).
ALTER TABLE seat_offers ADD COLUMN awaits_leaving BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE seat_offers ADD COLUMN arriving_agreed BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE seat_offers ADD COLUMN holder_resigned BOOLEAN NOT NULL DEFAULT FALSE;
-- Resigning is final: the people who resigned a game never play it again, whoever holds their seat since.
CREATE TABLE resigned_players (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id BIGINT  NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
INSERT INTO resigned_players (game_id, user_id) SELECT game_id, user_id FROM seats WHERE resigned;
-- Requests that ping (a substitute, a rejoin), for their daily limit per person and game.
CREATE TABLE seat_requests (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id BIGINT  NOT NULL,
    at      BIGINT  NOT NULL
);
CREATE INDEX seat_requests_by_user ON seat_requests (game_id, user_id, at);
