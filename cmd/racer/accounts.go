package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/internal/account"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/web/authapi"
)

// -rated values.
const (
	ratedAccounts = "accounts"
	ratedAll      = "all"
)

// hubAccounts is the accounts as the hub asks them (hub.Accounts), with
// the archive's marks (nil: nobody is marked).
type hubAccounts struct {
	s     *account.Service
	marks *archive.Marks
}

var _ hub.Accounts = hubAccounts{}

func (a hubAccounts) Ticket(ctx context.Context, ticket string) (string, string, bool, error) {
	p, n, err := a.s.VerifyTicket(ctx, ticket)
	switch {
	case errors.Is(err, account.ErrBadTicket):
		return "", "", false, nil
	case err != nil:
		return "", "", false, err
	}
	return p, n, true, nil
}

func (a hubAccounts) Claimed(ctx context.Context, player string) (bool, error) {
	return a.s.Claimed(ctx, player)
}

var _ hub.LinkedAccounts = hubAccounts{}

func (a hubAccounts) Linked(ctx context.Context, player string) ([]string, error) {
	return a.s.Linked(ctx, player)
}

var _ hub.MarkedAccounts = hubAccounts{}

func (a hubAccounts) Marked(ctx context.Context, player string) (bool, error) {
	if a.marks == nil {
		return false, nil
	}
	return a.marks.Marked(ctx, player)
}

// parseProxies reads -trusted-proxy: addresses and prefixes,
// comma-separated.
func parseProxies(s string) ([]netip.Prefix, error) {
	var ps []netip.Prefix
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if a, err := netip.ParseAddr(f); err == nil {
			ps = append(ps, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(f)
		if err != nil {
			return nil, fmt.Errorf("-trusted-proxy %q: want addresses or prefixes (10.0.0.0/8)", f)
		}
		ps = append(ps, p.Masked())
	}
	return ps, nil
}

// clientKey names the client of a request, for the limits on what one
// client may ask of the node: its address (read from X-Forwarded-For
// only from a -trusted-proxy), an IPv6 address's /64; "" (no limit) for
// loopback, which is this host or a proxy not declared.
func clientKey(proxies []netip.Prefix) func(*http.Request) string {
	return func(r *http.Request) string { return account.AddressKey(authapi.ClientIP(r, proxies)) }
}

// openAccounts opens the accounts in the archive's database and returns
// the service and its HTTP API; both nil without an archive (the server
// has no accounts then). guest returns the player of a guest's token:
// the hub's (hub.Hub.GuestPlayer), set once the hub is made.
func openAccounts(ctx context.Context, o options, be *backends, proxies []netip.Prefix, guest *func(string) (string, error), log *slog.Logger) (*account.Service, http.Handler, error) {
	if o.rated != ratedAccounts && o.rated != ratedAll {
		return nil, nil, fmt.Errorf("-rated %q: want %s or %s", o.rated, ratedAccounts, ratedAll)
	}
	if be.archive == nil {
		if o.rated == ratedAccounts {
			log.Warn("no archive: no accounts, so no race is rated (-rated all rates guests)")
		}
		return nil, nil, nil
	}
	store, err := account.OpenStore(ctx, be.archive.DB(), be.archive.Dialect())
	if err != nil {
		return nil, nil, err
	}
	svc, err := account.New(account.Config{Store: store, Secret: []byte(o.secret), Logger: log,
		Guest: func(token string) (string, error) { return (*guest)(token) },
		Erase: be.archive.RenamePlayer})
	if err != nil {
		return nil, nil, err
	}
	var origins []string
	if o.publicURL != "" {
		origins = strings.Split(o.publicURL, ",")
	}
	h, err := authapi.New(authapi.Config{Accounts: svc, Origins: origins, Secure: o.secureCookies, TrustedProxies: proxies, Logger: log})
	if err != nil {
		return nil, nil, err
	}
	return svc, h, nil
}
