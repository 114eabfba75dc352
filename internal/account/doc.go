// Package account holds player accounts: unique usernames (confusable
// look-alikes refused), passwords hashed with argon2id, passkeys
// (WebAuthn credentials, verified by the HTTP layer in web/authapi),
// sessions, and the short-lived signed tickets that carry a signed-in
// player into the WebSocket hello. Accounts live in the archive's
// database (SQLite or PostgreSQL) with their own versioned migrations
// (migrations/DIALECT, table account_schema).
//
// An account's player ID is the guest ID the player had when they signed
// up, so a guest who signs up keeps their history and rating; from then
// on that guest's tokens are refused (Service.Claimed) and the player
// signs in.
//
// Accounts that show signs of one person (an address or device cookie
// both used within a window, a sign-up from the other's session) are
// linked (Service.Seen, Service.LinkSignUp, Service.Linked): the hub
// never lets linked accounts rate each other. The evidence is kept as
// keyed hashes, and dropped past its window.
//
//	store, _ := account.OpenStore(ctx, arch.DB(), arch.Dialect())
//	svc, _ := account.New(account.Config{Store: store, Secret: secret})
//	acct, sess, err := svc.SignUpPassword(ctx, account.SignUp{Username: "Ann", Password: pw, IP: ip})
//	ticket, _ := svc.Ticket(ctx, sess.Token)          // for the WebSocket hello
//	player, name, err := svc.VerifyTicket(ctx, ticket) // on any node: once
//	_ = svc.Seen(ctx, acct.Player, account.Seen{IP: ip, Device: dev})
//	linked, _ := svc.Linked(ctx, acct.Player) // never rated against
//
// No password, password hash, session token, ticket or key material is
// ever logged or sent but to its owner.
package account
