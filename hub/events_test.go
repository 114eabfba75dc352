package hub

import (
	"encoding/json"
	"testing"
)

func TestMoveEventDecodes(t *testing.T) {
	t.Parallel()
	b := appendMoveEvent(nil, "0a1b2c3d4e5f6071", "a1b2c3d4e5f60718", 12, "3-5x2")
	var ev event
	if err := json.Unmarshal(b, &ev); err != nil {
		t.Fatal(err)
	}
	if ev.Kind != evMove || ev.Node != "0a1b2c3d4e5f6071" || ev.Racer != "a1b2c3d4e5f60718" || ev.Seq != 12 || ev.Action != "3-5x2" {
		t.Errorf("decoded %+v", ev)
	}
}
