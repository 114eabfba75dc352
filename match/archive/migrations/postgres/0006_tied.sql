-- tied is 1 when the player shared their place with another racer of the
-- race (racers level on cards whom no time parted), else 0. time_ms runs
-- to the end of the player's game (their standing's ended_at) where the
-- result holds it, else to their last action.
ALTER TABLE archive_race_players ADD COLUMN tied integer NOT NULL DEFAULT 0;
UPDATE archive_race_players SET tied = 1 WHERE EXISTS (
	SELECT 1 FROM archive_race_players o
	WHERE o.race = archive_race_players.race AND o.place = archive_race_players.place
		AND o.player <> archive_race_players.player);
