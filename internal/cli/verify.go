package cli

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/solitaire-race/racer/match/fair"
	"github.com/solitaire-race/racer/match/game"
)

// revealJSON is the reveal of a race as the hub sends it at the end: the
// "reveal" object of a race_end message, or the whole message.
type revealJSON struct {
	Commitment string `json:"commitment"`
	Seed       uint64 `json:"seed,string"`
	Profile    string `json:"profile"`
	Nonce      string `json:"nonce"`
	Deal       string `json:"deal"`
}

// Verify returns the "verify" subcommand of g, seen through the game
// contract: it checks a reveal (from flags, or a race_end message or its
// reveal object on stdin) against its commitment (match/fair), the
// profile against g's, and the revealed deal, if any, against the seed's
// (Variant.Deal, Game.ParseDeal); then prints the deal.
func (a *App) Verify(g game.Game) Run {
	name := a.name
	return func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		fs := a.FlagSet("verify", stderr,
			"usage: "+name+" verify -commitment HEX -seed N -profile NAME -nonce HEX",
			"   or: "+name+" verify < race_end.json   (a race_end message or its reveal object)",
			"Checks the reveal against the commitment (match/fair) and prints the deal.")
		commitment := fs.String("commitment", "", "the commitment shown when the race was set up (hex SHA-256)")
		seed := fs.String("seed", "", "the revealed seed")
		profile := fs.String("profile", "", "the revealed profile")
		nonce := fs.String("nonce", "", "the revealed nonce (hex)")
		if code, ok := a.Parse(fs, args); !ok {
			return code
		}
		fail := func(code int, args ...any) int {
			fmt.Fprintln(stderr, append([]any{name + " verify:"}, args...)...)
			return code
		}
		var r revealJSON
		if *commitment == "" && *seed == "" && *profile == "" && *nonce == "" {
			b, err := io.ReadAll(io.LimitReader(stdin, 1<<20))
			if err != nil {
				return fail(2, err)
			}
			var msg struct {
				Reveal *revealJSON `json:"reveal"`
			}
			if err := json.Unmarshal(b, &msg); err == nil && msg.Reveal != nil {
				r = *msg.Reveal
			} else if err := json.Unmarshal(b, &r); err != nil {
				return fail(2, "stdin is not a race_end message or reveal:", err)
			}
		} else {
			s, err := strconv.ParseUint(*seed, 10, 64)
			if err != nil {
				return fail(2, "-seed:", err)
			}
			r = revealJSON{Commitment: *commitment, Seed: s, Profile: *profile, Nonce: *nonce}
		}
		if r.Commitment == "" || r.Profile == "" || r.Nonce == "" {
			return fail(2, "need commitment, seed, profile and nonce")
		}
		n, err := hex.DecodeString(r.Nonce)
		if err != nil {
			return fail(2, "nonce:", err)
		}
		v, err := g.Variant(r.Profile)
		if err != nil {
			return fail(1, err)
		}
		if err := fair.Verify(r.Commitment, fair.Reveal{Seed: r.Seed, Profile: r.Profile, Nonce: n}); err != nil {
			fmt.Fprintln(stdout, "MISMATCH")
			return fail(1, err)
		}
		deal := v.Deal(r.Seed)
		if revealed, err := g.ParseDeal(r.Deal); r.Deal != "" && (err != nil || revealed != deal) {
			fmt.Fprintln(stdout, "MISMATCH")
			return fail(1, "the revealed deal is not the deal of the seed")
		}
		fmt.Fprintf(stdout, "ok: commitment %s matches seed %d, profile %s\n", r.Commitment, r.Seed, r.Profile)
		fmt.Fprintf(stdout, "deal: %s\n", deal)
		return 0
	}
}
