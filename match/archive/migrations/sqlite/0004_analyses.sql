-- The analysis of each racer's game (analysis.go): one compact record
-- per race and player. A race's analyses may be written before or after
-- the race itself, so no foreign key ties them to archive_races.
CREATE TABLE archive_analyses (
	race   text NOT NULL,
	player text NOT NULL,
	record blob NOT NULL,
	PRIMARY KEY (race, player)
);
