-- The outbox of a single node (SQLQueue): finished races waiting for the
-- archive, written when the race ends, deleted once archived. key is the
-- race's ID, with "+ratings" when the entry carries rating changes
-- (ratings, JSON). Times are Unix milliseconds; claimed_at 0 is not
-- claimed.
CREATE TABLE archive_outbox (
	id         integer PRIMARY KEY AUTOINCREMENT,
	key        text NOT NULL UNIQUE,
	race       text NOT NULL,
	record     blob NOT NULL,
	ratings    text NOT NULL DEFAULT '',
	pushed_at  integer NOT NULL,
	claimed_at integer NOT NULL DEFAULT 0
);
