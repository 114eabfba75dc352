package hub_test

import (
	"testing"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/brokertest"
)

func TestMemoryBroker(t *testing.T) {
	brokertest.BrokerSuite(t, func(t *testing.T) hub.Broker { return hub.NewMemoryBroker() })
}

func TestMemoryPresence(t *testing.T) {
	brokertest.PresenceSuite(t, func(t *testing.T) hub.Presence { return hub.NewMemoryBroker() })
}
