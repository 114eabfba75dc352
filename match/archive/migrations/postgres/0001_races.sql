-- Finished races: the compact record (codec.go) and what the listings
-- select and sort on. day is the UTC day of finished_at (YYYY-MM-DD);
-- finished_at is in Unix milliseconds.
CREATE TABLE archive_races (
	id          text PRIMARY KEY,
	profile     text NOT NULL,
	day         text NOT NULL,
	finished_at bigint NOT NULL,
	racers      integer NOT NULL,
	record      bytea NOT NULL
);
CREATE INDEX archive_races_profile_day ON archive_races (profile, day, finished_at DESC);

-- One row per racer of each race: "the races of a player".
CREATE TABLE archive_race_players (
	player      text NOT NULL,
	finished_at bigint NOT NULL,
	race        text NOT NULL REFERENCES archive_races (id),
	place       integer NOT NULL,
	status      text NOT NULL,
	PRIMARY KEY (player, finished_at, race)
);
