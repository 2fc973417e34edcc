-- Crapette: the right "Crapette!" calls each seat made in a game, and each player's total on their rating row.
ALTER TABLE game_players ADD COLUMN calls INTEGER;

ALTER TABLE ratings ADD COLUMN calls INTEGER NOT NULL DEFAULT 0;
