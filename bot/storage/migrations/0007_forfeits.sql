-- A rated game given up (`/game stop` by one of its players, or a vote while the table waited for them): 1 for the
-- seats that gave it up, 0 for the others; NULL where no seat has a result (an abandoned game, and every game
-- stored before this column).
ALTER TABLE game_players ADD COLUMN forfeited INTEGER;
