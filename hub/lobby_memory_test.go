package hub_test

import (
	"testing"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/lobbytest"
)

func TestMemoryLobby(t *testing.T) {
	lobbytest.LobbySuite(t, func(t *testing.T) hub.Lobby { return hub.NewMemoryLobby() })
}
