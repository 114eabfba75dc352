-- Evidence that two accounts may be one person's, for the no-farming
-- rule (docs/RULES.md, "Fair play"): accounts that share evidence never
-- rate each other. kind is 'addr' (an IPv4 address or an IPv6 /64) or
-- 'device' (the page's device cookie); value is a keyed hash of it
-- (account.Service's evidence key), never the address or cookie itself.
-- seen_at is the last time the account used it (Unix milliseconds);
-- rows older than their kind's window are deleted (docs/OPERATIONS.md).
CREATE TABLE account_evidence (
	player  text NOT NULL REFERENCES accounts (player) ON DELETE CASCADE,
	kind    text NOT NULL,
	value   text NOT NULL,
	seen_at integer NOT NULL,
	PRIMARY KEY (player, kind, value)
);
CREATE INDEX account_evidence_value ON account_evidence (kind, value, seen_at);
CREATE INDEX account_evidence_seen ON account_evidence (seen_at);

-- Links made by an event rather than by shared evidence: 'signup', an
-- account signed up from a browser signed in as the other. a is the
-- older account, b the newer. Kept while both accounts exist.
CREATE TABLE account_links (
	a          text NOT NULL REFERENCES accounts (player) ON DELETE CASCADE,
	b          text NOT NULL REFERENCES accounts (player) ON DELETE CASCADE,
	kind       text NOT NULL,
	created_at integer NOT NULL,
	PRIMARY KEY (a, b, kind)
);
CREATE INDEX account_links_b ON account_links (b);
