package hub

import "github.com/prometheus/client_golang/prometheus"

// metrics are the hub's Prometheus metrics. They exist even without a
// Registerer, so that the code never checks; only registration is
// optional. Logic never reads them back.
type metrics struct {
	connections    *prometheus.GaugeVec
	moves          *prometheus.CounterVec
	moveDuration   prometheus.Histogram
	slowClosed     prometheus.Counter
	rateLimited    prometheus.Counter
	resumed        prometheus.Counter
	racesCreated   *prometheus.CounterVec
	racesFinished  *prometheus.CounterVec
	liveRacesLocal prometheus.Gauge
}

func newMetrics(reg prometheus.Registerer) (*metrics, error) {
	m := &metrics{
		connections: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "racer_connections", Help: "Open WebSocket connections by kind (pending, player, spectator).",
		}, []string{"kind"}),
		moves: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "racer_moves_total", Help: "Actions received, by outcome (accepted, illegal, refused, duplicate).",
		}, []string{"outcome"}),
		moveDuration: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "racer_move_duration_seconds", Help: "Time from a move's frame arriving to its acknowledgement being queued.",
			Buckets: prometheus.ExponentialBuckets(0.00005, 2.5, 12),
		}),
		slowClosed: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "racer_slow_client_disconnects_total", Help: "Connections closed because their send queue was full.",
		}),
		rateLimited: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "racer_rate_limited_total", Help: "Messages refused by the per-connection rate limit.",
		}),
		resumed: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "racer_races_resumed_total", Help: "Races a racer rejoined on a new connection.",
		}),
		racesCreated: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "racer_races_created_total", Help: "Races created by this node, by kind (quick, room, rematch).",
		}, []string{"kind"}),
		racesFinished: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "racer_races_finished_total", Help: "Races whose result this node wrote, by reason.",
		}, []string{"reason"}),
		liveRacesLocal: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "racer_races_loaded", Help: "Races loaded on this node (with a local racer or spectator).",
		}),
	}
	if reg != nil {
		for _, c := range []prometheus.Collector{m.connections, m.moves, m.moveDuration, m.slowClosed, m.rateLimited,
			m.resumed, m.racesCreated, m.racesFinished, m.liveRacesLocal} {
			if err := reg.Register(c); err != nil {
				return nil, err
			}
		}
	}
	return m, nil
}
