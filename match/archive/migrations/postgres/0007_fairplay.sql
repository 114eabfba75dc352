-- Fair-play signals (fairplay.go): one row per racer of each finished
-- race, computed after the race from its log and deal. Times are Unix
-- milliseconds; flags is a comma-separated list of the signals that
-- passed their review threshold (flagged 1 when it is not empty);
-- agreement is the share of sampled moves the all-knowing solver also
-- chose (-1: not measured); partner is the other seat of a sacrificial
-- pattern (the winner for the seat that resigned, the resigning seat for
-- the winner), linked 1 when the accounts' link evidence joins them.
-- No name: the racer's is their row's in archive_race_players, which
-- an account's erasure renames.
-- (IF NOT EXISTS: a database taken back to an older version by hand
-- keeps these tables.)
CREATE TABLE IF NOT EXISTS archive_fairplay (
	race        text NOT NULL,
	player      text NOT NULL,
	profile     text NOT NULL,
	finished_at bigint NOT NULL,
	actions     integer NOT NULL,
	median_ms   integer NOT NULL,
	spread_ms   integer NOT NULL,
	quick_run   integer NOT NULL,
	peak_moves  integer NOT NULL,
	revealed    integer NOT NULL,
	sampled     integer NOT NULL,
	agreed      integer NOT NULL,
	agreement   double precision NOT NULL,
	partner     text NOT NULL DEFAULT '',
	linked      integer NOT NULL DEFAULT 0,
	flags       text NOT NULL DEFAULT '',
	flagged     integer NOT NULL DEFAULT 0,
	PRIMARY KEY (race, player)
);
CREATE INDEX IF NOT EXISTS archive_fairplay_flagged ON archive_fairplay (flagged, finished_at);
CREATE INDEX IF NOT EXISTS archive_fairplay_player ON archive_fairplay (player, finished_at);
-- The races by end, for the signals worker's look at the latest ones.
CREATE INDEX IF NOT EXISTS archive_races_finished ON archive_races (finished_at);

-- Players' reports of races: who reported which race, why, when.
CREATE TABLE IF NOT EXISTS archive_reports (
	id       bigserial PRIMARY KEY,
	race     text NOT NULL,
	reporter text NOT NULL,
	reason   text NOT NULL,
	at       bigint NOT NULL,
	UNIQUE (race, reporter)
);
CREATE INDEX IF NOT EXISTS archive_reports_at ON archive_reports (at);

-- Accounts a moderator marked for cheating: every rated race one of
-- them was rated in is left out of the ratings and leaderboards when
-- they are rebuilt (Annul).
CREATE TABLE IF NOT EXISTS archive_annulled (
	player    text PRIMARY KEY,
	moderator text NOT NULL,
	note      text NOT NULL DEFAULT '',
	at        bigint NOT NULL
);
