package wire

// Error codes of accounts (PROTOCOL.md, "Accounts").
const (
	// CodeBadTicket refuses a hello whose ticket is forged, expired,
	// used before or of a session that ended.
	CodeBadTicket = "bad_ticket"
	// CodeAccountPlayer refuses a hello whose guest token names a player
	// who now has an account (or had one deleted): sign in instead.
	CodeAccountPlayer = "account_player"
	// CodeAccountRequired refuses a guest what only accounts may do:
	// join or create a rated arena.
	CodeAccountRequired = "account_required"
	// CodeCasualOnly refuses an account a moderator marked for breaking
	// the fair-play rules what only rated play needs: join or create a
	// rated arena. It plays casual races only.
	CodeCasualOnly = "casual_only"
	// CodeAccountsUnavailable refuses a hello with a ticket on a server
	// without accounts (no archive database).
	CodeAccountsUnavailable = "accounts_unavailable"
)
