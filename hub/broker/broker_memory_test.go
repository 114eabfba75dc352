package broker_test

import (
	"testing"

	"github.com/solitaire-race/racer/hub/broker"
	"github.com/solitaire-race/racer/hub/broker/brokertest"
)

func TestMemoryBroker(t *testing.T) {
	brokertest.BrokerSuite(t, func(t *testing.T) broker.Broker { return broker.NewMemory() })
}

func TestMemoryPresence(t *testing.T) {
	t.Parallel() // waits out a 100 ms TTL beside the other tests
	brokertest.PresenceSuite(t, func(t *testing.T) broker.Presence { return broker.NewMemory() })
}

func TestMemoryNodes(t *testing.T) {
	t.Parallel() // waits out a 100 ms TTL beside the other tests
	brokertest.NodesSuite(t, func(t *testing.T) broker.Nodes { return broker.NewMemory() })
}
