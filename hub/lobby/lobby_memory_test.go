package lobby_test

import (
	"testing"

	"github.com/solitaire-race/racer/hub/lobby"
	"github.com/solitaire-race/racer/hub/lobby/lobbytest"
)

func TestMemoryLobby(t *testing.T) {
	t.Parallel() // memory lobbies of its own, beside the Redis tests
	lobbytest.LobbySuite(t, func(t *testing.T) lobby.Lobby { return lobby.NewMemory() })
}
