package redismetrics_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/solitaire-race/racer/internal/redismetrics"
)

func TestTwoComponentsOneRegistry(t *testing.T) {
	reg := prometheus.NewPedanticRegistry()
	a, err := redismetrics.New(reg)
	if err != nil {
		t.Fatal(err)
	}
	b, err := redismetrics.New(reg)
	if err != nil {
		t.Fatalf("second New on one registry: %v", err)
	}
	a.Observe("append", time.Now(), false)
	b.Observe("append", time.Now(), true)
	b.Observe("load", time.Now(), false)
	a.Command("append").Observe(time.Now(), true) // the same series
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, mf := range mfs {
		for _, m := range mf.GetMetric() {
			switch mf.GetName() {
			case "racer_redis_command_seconds":
				got[m.GetLabel()[0].GetValue()] = fmt.Sprint(m.GetHistogram().GetSampleCount())
			case "racer_redis_errors_total":
				got["errors"] = fmt.Sprint(m.GetCounter().GetValue())
			}
		}
	}
	want := map[string]string{"append": "3", "load": "1", "errors": "2"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("gathered %v, want %v", got, want)
	}
}

func TestNil(t *testing.T) {
	m, err := redismetrics.New(nil)
	if m != nil || err != nil {
		t.Fatalf("New(nil) = %v, %v; want nil, nil", m, err)
	}
	m.Observe("append", time.Now(), true) // no panic
	m.Command("append").Observe(time.Now(), true)
}
