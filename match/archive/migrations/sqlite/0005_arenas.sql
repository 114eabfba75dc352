-- Each finished arena once, by ID: its setup and how many played.
-- Times are Unix milliseconds (every_ms: a scheduled arena's period, 0
-- for a host's); rated and private are 0 or 1.
CREATE TABLE archive_arenas (
	id        text PRIMARY KEY,
	name      text NOT NULL,
	profile   text NOT NULL,
	start_at  bigint NOT NULL,
	end_at    bigint NOT NULL,
	race_size integer NOT NULL,
	every_ms  bigint NOT NULL DEFAULT 0,
	rated     integer NOT NULL,
	host      text NOT NULL DEFAULT '',
	private   integer NOT NULL,
	players   integer NOT NULL
);

-- The final standings of each archived arena: one row per player, place
-- being their rank (players equal on points and performance share it).
-- end_at repeats the arena's, so that a player's arenas list by end.
CREATE TABLE archive_arena_players (
	arena       text NOT NULL,
	player      text NOT NULL,
	end_at      bigint NOT NULL,
	place       integer NOT NULL,
	name        text NOT NULL,
	bot         integer NOT NULL,
	points      integer NOT NULL,
	races       integer NOT NULL,
	wins        integer NOT NULL,
	streak      integer NOT NULL,
	cards       integer NOT NULL,
	withdrawn   integer NOT NULL,
	PRIMARY KEY (arena, player)
);
CREATE INDEX archive_arena_players_player ON archive_arena_players (player, end_at);
