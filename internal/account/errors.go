package account

import "errors"

// Errors of accounts. Each has a stable code for clients (Code); their
// texts are for logs.
var (
	ErrBadUsername   = errors.New("account: a username is 3 to 20 letters, digits, single spaces or - _ ., starting and ending with a letter or digit")
	ErrUsernameTaken = errors.New("account: that username, or one that reads alike, is taken")
	ErrWeakPassword  = errors.New("account: a password is 8 to 128 characters and not the username")
	// ErrBadCredentials is the one answer to a sign-in whose username is
	// unknown or whose password is wrong: which it was is never told.
	ErrBadCredentials  = errors.New("account: wrong username or password")
	ErrTooManyTries    = errors.New("account: too many attempts; wait and try again")
	ErrNoSession       = errors.New("account: not signed in")
	ErrBadTicket       = errors.New("account: the ticket is not valid (forged, expired, used or its session ended)")
	ErrBadGuestToken   = errors.New("account: the guest token does not verify")
	ErrGuestClaimed    = errors.New("account: that guest already belongs to an account")
	ErrNotFound        = errors.New("account: no such account")
	ErrBadHash         = errors.New("account: malformed password hash")
	ErrNoPassword      = errors.New("account: the account has no password")
	ErrLastCredential  = errors.New("account: an account keeps at least one way to sign in")
	ErrPasskeyNotFound = errors.New("account: no such passkey")
)

// Code returns the stable code of an account error for clients, or ""
// for any other error.
func Code(err error) string {
	for _, c := range codes {
		if errors.Is(err, c.err) {
			return c.code
		}
	}
	return ""
}

var codes = []struct {
	err  error
	code string
}{
	{ErrBadUsername, "bad_username"},
	{ErrUsernameTaken, "username_taken"},
	{ErrWeakPassword, "weak_password"},
	{ErrBadCredentials, "bad_credentials"},
	{ErrTooManyTries, "too_many_attempts"},
	{ErrTooManySignUps, "too_many_signups"},
	{ErrNoSession, "not_signed_in"},
	{ErrBadTicket, "bad_ticket"},
	{ErrBadGuestToken, "bad_guest_token"},
	{ErrGuestClaimed, "guest_claimed"},
	{ErrNotFound, "not_signed_in"},
	{ErrNoPassword, "no_password"},
	{ErrLastCredential, "last_credential"},
	{ErrPasskeyNotFound, "passkey_not_found"},
}
