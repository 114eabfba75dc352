-- Accounts. player is the account's player ID: the guest ID the player
-- had when they signed up (so their history and rating stay theirs), or
-- a new one. skeleton is the username's confusable-free key
-- (account.Skeleton): usernames are unique by it. password is an
-- argon2id PHC string, '' for an account with passkeys only. generation
-- grows at each "sign out everywhere": sessions and tickets of an older
-- one are refused. handle is the WebAuthn user handle (random, never
-- shown). Times are Unix milliseconds. A later migration may add a role
-- (moderator) column or tables that reference accounts (player).
CREATE TABLE accounts (
	player     text PRIMARY KEY,
	username   text NOT NULL,
	skeleton   text NOT NULL UNIQUE,
	password   text NOT NULL DEFAULT '',
	generation integer NOT NULL DEFAULT 1,
	handle     blob NOT NULL UNIQUE,
	created_at integer NOT NULL
);

-- Sessions: one row per signed-in browser. id is the hex SHA-256 of the
-- cookie's random token (the token itself is never stored).
CREATE TABLE account_sessions (
	id         text PRIMARY KEY,
	player     text NOT NULL REFERENCES accounts (player) ON DELETE CASCADE,
	generation integer NOT NULL,
	created_at integer NOT NULL,
	expires_at integer NOT NULL
);
CREATE INDEX account_sessions_player ON account_sessions (player);

-- Passkeys: WebAuthn credentials (credential: the library's JSON).
CREATE TABLE account_passkeys (
	id         blob PRIMARY KEY,
	player     text NOT NULL REFERENCES accounts (player) ON DELETE CASCADE,
	name       text NOT NULL,
	credential blob NOT NULL,
	created_at integer NOT NULL,
	used_at    integer NOT NULL
);
CREATE INDEX account_passkeys_player ON account_passkeys (player);

-- WebAuthn ceremonies in progress (data: the library's session, JSON),
-- each taken once.
CREATE TABLE account_challenges (
	id         text PRIMARY KEY,
	data       blob NOT NULL,
	expires_at integer NOT NULL
);

-- The nonces of the WebSocket tickets used, until they expire: a ticket
-- is good once, on any node.
CREATE TABLE account_tickets_used (
	nonce      text PRIMARY KEY,
	expires_at integer NOT NULL
);

-- The player IDs of deleted accounts: their races stay, under an
-- anonymous name, and no guest token takes the ID back.
CREATE TABLE account_erased (
	player    text PRIMARY KEY,
	erased_at integer NOT NULL
);
