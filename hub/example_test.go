package hub_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
)

// Example runs a hub on one node and pairs two players from the quick-race
// queue.
func Example() {
	store, broker, lobby := hub.MemoryBackends()
	h, _ := hub.New(hub.Config{Store: store, Broker: broker, Presence: broker, Lobby: lobby, Logger: discardLogger()})
	srv := httptest.NewServer(h.Handler())
	defer srv.Close()
	defer h.Shutdown(context.Background())

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(srv.URL, "http") + "/ws"
	ann, _ := client.Dial(ctx, url, client.Options{})
	bob, _ := client.Dial(ctx, url, client.Options{})
	defer ann.Drop()
	defer bob.Drop()
	ann.Hello(ctx, "Ann", "")
	bob.Hello(ctx, "Bob", "")
	ann.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue, Profile: "classic"})
	ann.WaitType(ctx, wire.TypeQueued)
	bob.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue, Profile: "classic"})
	race, _ := ann.WaitRace(ctx)
	var view struct{ Stock int }
	json.Unmarshal(race.View.JSON, &view) // a Klondike view: race.View.Game
	fmt.Println(race.Race.Profile, race.View.Game, len(race.Race.Racers), view.Stock, race.Race.DealNote)
	// Output: classic klondike 2 24 deal not solver-checked
}
