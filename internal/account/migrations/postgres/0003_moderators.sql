-- Moderators: the accounts that may read the fair-play review and mark
-- accounts (racer admin grant NAME / revoke NAME). granted_at is in
-- Unix milliseconds.
CREATE TABLE account_moderators (
	player     text PRIMARY KEY REFERENCES accounts (player) ON DELETE CASCADE,
	granted_at bigint NOT NULL
);
