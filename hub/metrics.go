package hub

import (
	"github.com/prometheus/client_golang/prometheus"
)

// metrics are the hub's Prometheus metrics. They exist even without a
// Registerer, so that the code never checks; only registration is
// optional. Logic never reads them back.
type metrics struct {
	connections *prometheus.GaugeVec
	moves       *prometheus.CounterVec
	// movesBy holds moves's counters, resolved once: the move path
	// counts every action without hashing a label.
	movesBy        moveCounters
	moveDuration   prometheus.Histogram
	slowClosed     prometheus.Counter
	connsRefused   prometheus.Counter
	rateLimited    prometheus.Counter
	resumed        prometheus.Counter
	racesCreated   *prometheus.CounterVec
	racesFinished  *prometheus.CounterVec
	liveRacesLocal prometheus.Gauge
	queueLength    *prometheus.GaugeVec
	queueWait      *prometheus.HistogramVec
	reconnects     prometheus.Counter
	races          *racesCollector
	arenasRunning  prometheus.Gauge
	arenaPlayers   prometheus.Gauge
	arenaWait      prometheus.Histogram
}

func newMetrics(reg prometheus.Registerer, profiles []string) (*metrics, error) {
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
		connsRefused: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "racer_connections_refused_total", Help: "WebSocket connections refused before the upgrade because their client (address) held as many as one may.",
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
		queueLength: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "racer_queue_length", Help: "Players waiting in a quick-race queue through this node's connections, by profile.",
		}, []string{"profile"}),
		queueWait: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "racer_queue_wait_seconds", Help: "Time a queued player waited until paired (with a person or a bot), by profile.",
			Buckets: prometheus.ExponentialBuckets(0.05, 2, 12),
		}, []string{"profile"}),
		reconnects: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "racer_reconnects_total", Help: "Hellos whose player had at least one unfinished race to resume.",
		}),
		arenasRunning: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "racer_arenas_running", Help: "Running arenas whose pairing lease this node holds (sum over nodes: every running arena).",
		}),
		arenaPlayers: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "racer_arena_players", Help: "People in the running arenas whose pairing lease this node holds (sum over nodes).",
		}),
		arenaWait: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "racer_arena_pairing_wait_seconds", Help: "Time a person waited in an arena's pool until paired.",
			Buckets: prometheus.ExponentialBuckets(0.25, 2, 10),
		}),
		races: &racesCollector{desc: prometheus.NewDesc("racer_races",
			"Races loaded on this node, by state (countdown, running, finished).", []string{"state"}, nil)},
	}
	m.movesBy = moveCounters{
		accepted:  m.moves.WithLabelValues("accepted"),
		illegal:   m.moves.WithLabelValues("illegal"),
		refused:   m.moves.WithLabelValues("refused"),
		duplicate: m.moves.WithLabelValues("duplicate"),
	}
	for _, p := range profiles {
		m.queueLength.WithLabelValues(p)
		m.queueWait.WithLabelValues(p)
	}
	if reg != nil {
		for _, c := range []prometheus.Collector{m.connections, m.moves, m.moveDuration, m.slowClosed, m.connsRefused, m.rateLimited,
			m.resumed, m.racesCreated, m.racesFinished, m.liveRacesLocal, m.queueLength, m.queueWait, m.reconnects, m.races,
			m.arenasRunning, m.arenaPlayers, m.arenaWait} {
			if err := reg.Register(c); err != nil {
				return nil, err
			}
		}
	}
	return m, nil
}

// moveCounters are racer_moves_total's counters, one per outcome.
type moveCounters struct {
	accepted, illegal, refused, duplicate prometheus.Counter
}

// racesCollector reports racer_races{state}: the loaded races counted by
// their phase at scrape time. phases is set once the Hub exists.
type racesCollector struct {
	desc   *prometheus.Desc
	phases func() map[string]int
}

// raceStates are racer_races's label values, all exported on every scrape.
var raceStates = []string{"countdown", "running", "finished"}

func (rc *racesCollector) Describe(ch chan<- *prometheus.Desc) { ch <- rc.desc }

func (rc *racesCollector) Collect(ch chan<- prometheus.Metric) {
	var counts map[string]int
	if rc.phases != nil {
		counts = rc.phases()
	}
	for _, s := range raceStates {
		ch <- prometheus.MustNewConstMetric(rc.desc, prometheus.GaugeValue, float64(counts[s]), s)
	}
}

// racePhases counts the races loaded on this node by phase.
func (rr *raceRegistry) racePhases() map[string]int {
	loaded := rr.all()
	counts := make(map[string]int, len(raceStates))
	for _, lr := range loaded {
		select {
		case <-lr.ready:
		default:
			continue // still loading
		}
		if lr.err != nil {
			continue
		}
		counts[string(lr.phase())]++
	}
	return counts
}
