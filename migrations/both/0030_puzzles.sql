-- Puzzles (issue 64): a finished game's position where the move played cost its player 20 points of chance or more,
-- and the best was clearly best. Judged once, with the game's analysis and in its transaction: every choice the mover
-- had, with the chance it left them, so that an answer is read here, never judged again.
CREATE TABLE puzzles (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- The move's number among the moves that stand (as an analysed move's).
    seq     BIGINT NOT NULL,
    seat    BIGINT NOT NULL,
    -- Who played the move (the puzzle is theirs; a computer's negative id).
    user_id BIGINT NOT NULL,
    -- Every choice, in the game's order: [[the action as the game's record writes it, its chance], …].
    choices TEXT   NOT NULL,
    -- Which of them was played (from 0).
    played  BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE INDEX puzzles_by_user ON puzzles (user_id, game_id);

-- Every answer to a puzzle, as given: a puzzle failed comes back after 1, 3, then 7 days, counted from its last answer;
-- one solved never does. A player's puzzles solved, tried and streak are read from here.
CREATE TABLE puzzle_answers (
    user_id     BIGINT  NOT NULL,
    game_id     BIGINT  NOT NULL,
    seq         BIGINT  NOT NULL,
    answered_at BIGINT  NOT NULL,
    solved      BOOLEAN NOT NULL,
    FOREIGN KEY (game_id, seq) REFERENCES puzzles (game_id, seq) ON DELETE CASCADE
);
CREATE INDEX puzzle_answers_by_user ON puzzle_answers (user_id, game_id, seq);
