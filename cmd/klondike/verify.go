package main

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/klondike/fair"
)

func init() {
	app.Register("verify", "check a race's revealed seed, profile and nonce against its commitment", runVerify)
}

// revealJSON is the reveal of a race as the hub sends it at the end: the
// "reveal" object of a race_end message, or the whole message.
type revealJSON struct {
	Commitment string `json:"commitment"`
	Seed       uint64 `json:"seed,string"`
	Profile    string `json:"profile"`
	Nonce      string `json:"nonce"`
	Deal       string `json:"deal"`
}

func runVerify(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := app.FlagSet("verify", stderr,
		"usage: klondike verify -commitment HEX -seed N -profile NAME -nonce HEX",
		"   or: klondike verify < race_end.json   (a race_end message or its reveal object)",
		"Checks the reveal against the commitment (klondike/fair) and prints the deal.")
	commitment := fs.String("commitment", "", "the commitment shown when the race was set up (hex SHA-256)")
	seed := fs.String("seed", "", "the revealed seed")
	profile := fs.String("profile", "", "the revealed profile")
	nonce := fs.String("nonce", "", "the revealed nonce (hex)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	var r revealJSON
	if *commitment == "" && *seed == "" && *profile == "" && *nonce == "" {
		b, err := io.ReadAll(io.LimitReader(stdin, 1<<20))
		if err != nil {
			fmt.Fprintln(stderr, "klondike verify:", err)
			return 2
		}
		var msg struct {
			Reveal *revealJSON `json:"reveal"`
		}
		if err := json.Unmarshal(b, &msg); err == nil && msg.Reveal != nil {
			r = *msg.Reveal
		} else if err := json.Unmarshal(b, &r); err != nil {
			fmt.Fprintln(stderr, "klondike verify: stdin is not a race_end message or reveal:", err)
			return 2
		}
	} else {
		s, err := strconv.ParseUint(*seed, 10, 64)
		if err != nil {
			fmt.Fprintln(stderr, "klondike verify: -seed:", err)
			return 2
		}
		r = revealJSON{Commitment: *commitment, Seed: s, Profile: *profile, Nonce: *nonce}
	}
	if r.Commitment == "" || r.Profile == "" || r.Nonce == "" {
		fmt.Fprintln(stderr, "klondike verify: need commitment, seed, profile and nonce")
		return 2
	}
	n, err := hex.DecodeString(r.Nonce)
	if err != nil {
		fmt.Fprintln(stderr, "klondike verify: nonce:", err)
		return 2
	}
	if _, err := klondike.Profile(r.Profile); err != nil {
		fmt.Fprintln(stderr, "klondike verify:", err)
		return 1
	}
	if err := fair.Verify(r.Commitment, fair.Reveal{Seed: r.Seed, Profile: r.Profile, Nonce: n}); err != nil {
		fmt.Fprintln(stdout, "MISMATCH")
		fmt.Fprintln(stderr, "klondike verify:", err)
		return 1
	}
	deal := klondike.NewDeal(r.Seed)
	if r.Deal != "" {
		d, err := klondike.ParseDeal(r.Deal)
		if err != nil || d != deal {
			fmt.Fprintln(stdout, "MISMATCH")
			fmt.Fprintln(stderr, "klondike verify: the revealed deal is not the deal of the seed")
			return 1
		}
	}
	fmt.Fprintf(stdout, "ok: commitment %s matches seed %d, profile %s\n", r.Commitment, r.Seed, r.Profile)
	fmt.Fprintf(stdout, "deal: %s\n", deal)
	return 0
}
