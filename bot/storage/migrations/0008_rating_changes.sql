-- A rated game's change to each human seat's rating (the rating shown, mu - 3 sigma, before and after the game),
-- for the line that ends the game; NULL for AI seats, unrated games, and every game stored before these columns.
ALTER TABLE game_players ADD COLUMN rating_before REAL;
ALTER TABLE game_players ADD COLUMN rating_after REAL;
