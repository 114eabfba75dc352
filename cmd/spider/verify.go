package main

import (
	"github.com/solitaire-race/racer/internal/cli"
	"github.com/solitaire-race/racer/spider"
)

func init() {
	app.Register("verify", "check a race's revealed seed, profile and nonce against its commitment", app.Verify(cli.Verifier{
		Profile: func(name string) error {
			_, err := spider.Profile(name)
			return err
		},
		Deal: func(seed uint64, profile string) (string, error) {
			r, err := spider.Profile(profile)
			if err != nil {
				return "", err
			}
			return spider.NewDeal(seed, r.Suits).String(), nil
		},
		Same: func(revealed, want string) bool {
			d, err := spider.ParseDeal(revealed)
			return err == nil && d.String() == want
		},
	}))
}
