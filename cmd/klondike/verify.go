package main

import (
	"github.com/solitaire-race/racer/internal/cli"
	"github.com/solitaire-race/racer/klondike"
)

func init() {
	app.Register("verify", "check a race's revealed seed, profile and nonce against its commitment", app.Verify(cli.Verifier{
		Profile: func(name string) error {
			_, err := klondike.Profile(name)
			return err
		},
		Deal: func(seed uint64, _ string) (string, error) { return klondike.NewDeal(seed).String(), nil },
		Same: func(revealed, want string) bool {
			d, err := klondike.ParseDeal(revealed)
			return err == nil && d.String() == want
		},
	}))
}
