package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"time"

	"github.com/solitaire-race/racer/internal/account"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/game/games"
)

// adminUsage is the admin command's help.
const adminUsage = `usage: racer admin [flags] grant NAME | revoke NAME | moderators

Grants or revokes the moderator role of the account NAME, or lists the
moderators, in the archive database the server's flags name (-archive,
RACER_ARCHIVE; default as the server's). Moderators read the fair-play
review (/review) and may mark accounts (docs/OPERATIONS.md).`

// adminVerbs are the admin command's verbs.
var adminVerbs = []string{"grant", "revoke", "moderators"}

// runAdmin runs "racer admin …" (args after "admin"): the server's flags,
// then a verb and its username.
func runAdmin(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	i := slices.IndexFunc(args, func(a string) bool { return slices.Contains(adminVerbs, a) })
	if i < 0 {
		fmt.Fprintln(stderr, adminUsage)
		return errors.New("admin: want grant NAME, revoke NAME or moderators")
	}
	verb, rest := args[i], args[i+1:]
	if (verb == "moderators") != (len(rest) == 0) || len(rest) > 1 {
		fmt.Fprintln(stderr, adminUsage)
		return fmt.Errorf("admin %s: want %s", verb, map[bool]string{true: "no name", false: "one account name"}[verb == "moderators"])
	}
	o, err := parseFlags(args[:i], stderr)
	if err != nil {
		return err
	}
	url := archiveURL(o)
	if url == "" {
		return errors.New("admin: no archive: accounts live in the archive database (-archive postgres://… or a file)")
	}
	octx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	a, err := archive.Open(octx, url, games.All)
	if err != nil {
		return fmt.Errorf("-archive: %w", err)
	}
	defer a.Close()
	store, err := account.OpenStore(octx, a.DB(), a.Dialect())
	if err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	svc, err := account.New(account.Config{Store: store, Logger: log})
	if err != nil {
		return err
	}
	if verb == "moderators" {
		ms, err := svc.Moderators(octx)
		if err != nil {
			return err
		}
		for _, m := range ms {
			fmt.Fprintf(stdout, "%s\t%s\n", m.Username, m.Player)
		}
		return nil
	}
	acct, changed, err := svc.SetModerator(octx, rest[0], verb == "grant")
	if errors.Is(err, account.ErrNotFound) {
		return fmt.Errorf("admin %s: no account is named %q", verb, rest[0])
	}
	if err != nil {
		return err
	}
	what := map[bool]string{true: "is now a moderator", false: "is no longer a moderator"}[verb == "grant"]
	if !changed {
		what = map[bool]string{true: "was a moderator already", false: "was not a moderator"}[verb == "grant"]
	}
	fmt.Fprintf(stdout, "%s (%s) %s\n", acct.Username, acct.Player, what)
	return nil
}
