-- What a player's list of recent races shows without reading records:
-- the name the racer had, the cards they took home and their time (ms
-- from the start to their last action).
ALTER TABLE archive_race_players ADD COLUMN name text NOT NULL DEFAULT '';
ALTER TABLE archive_race_players ADD COLUMN cards_home integer NOT NULL DEFAULT 0;
ALTER TABLE archive_race_players ADD COLUMN time_ms integer NOT NULL DEFAULT 0;

-- Every rating change: one row per rated racer of each rated race, with
-- the rating before and after. at is the race's end in Unix milliseconds.
-- A player's current rating under a profile is their latest row.
CREATE TABLE archive_ratings (
	player           text NOT NULL,
	profile          text NOT NULL,
	at               integer NOT NULL,
	race             text NOT NULL,
	rating           real NOT NULL,
	deviation        real NOT NULL,
	volatility       real NOT NULL,
	games            integer NOT NULL,
	rating_before    real NOT NULL,
	deviation_before real NOT NULL,
	PRIMARY KEY (player, profile, at, race)
);
-- The rated races of a profile in order: the boards are rebuilt from it.
CREATE INDEX archive_ratings_profile ON archive_ratings (profile, at);
