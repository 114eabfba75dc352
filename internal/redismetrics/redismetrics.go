// Package redismetrics records the latency and failures of the Redis
// commands of the store, broker and lobby: racer_redis_command_seconds
// (histogram by command) and racer_redis_errors_total (counter), as listed
// in deploy/METRICS.md. Several components may register on one
// prometheus.Registerer: the second gets the collectors of the first.
package redismetrics

import (
	"errors"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Metrics records commands. A nil *Metrics records nothing. It is safe for
// concurrent use.
type Metrics struct {
	seconds *prometheus.HistogramVec
	errors  prometheus.Counter
}

// New registers the collectors on reg, or returns nil when reg is nil.
func New(reg prometheus.Registerer) (*Metrics, error) {
	if reg == nil {
		return nil, nil
	}
	seconds := prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "racer_redis_command_seconds",
		Help:    "Latency of Redis commands (scripts count as one), failed ones included.",
		Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
	}, []string{"command"})
	errs := prometheus.NewCounter(prometheus.CounterOpts{
		Name: "racer_redis_errors_total",
		Help: "Redis commands that failed (a missing key is no failure).",
	})
	var err error
	if seconds, err = register(reg, seconds); err != nil {
		return nil, err
	}
	if errs, err = register(reg, errs); err != nil {
		return nil, err
	}
	return &Metrics{seconds: seconds, errors: errs}, nil
}

func register[C prometheus.Collector](reg prometheus.Registerer, c C) (C, error) {
	err := reg.Register(c)
	if are, ok := errors.AsType[prometheus.AlreadyRegisteredError](err); ok {
		if existing, ok := are.ExistingCollector.(C); ok {
			return existing, nil
		}
	}
	return c, err
}

// Observe records one command that started at start; failed reports that
// it failed. command must come from a small fixed set (a label value).
func (m *Metrics) Observe(command string, start time.Time, failed bool) {
	if m == nil {
		return
	}
	m.seconds.WithLabelValues(command).Observe(time.Since(start).Seconds())
	if failed {
		m.errors.Inc()
	}
}

// Command is one command's series, resolved once, for a command on a hot
// path: Observe then hashes no label. A nil *Command records nothing. It
// is safe for concurrent use.
type Command struct {
	seconds prometheus.Observer
	errors  prometheus.Counter
}

// Command returns command's series (nil when m is nil).
func (m *Metrics) Command(command string) *Command {
	if m == nil {
		return nil
	}
	return &Command{seconds: m.seconds.WithLabelValues(command), errors: m.errors}
}

// Observe records one command that started at start, as Metrics.Observe.
func (c *Command) Observe(start time.Time, failed bool) {
	if c == nil {
		return
	}
	c.seconds.Observe(time.Since(start).Seconds())
	if failed {
		c.errors.Inc()
	}
}
