package redisscript

import (
	"testing"

	"github.com/solitaire-race/racer/internal/testenv"
)

// TestMain tells the person at the terminal which tests skipped for want
// of redis-server (package testenv).
func TestMain(m *testing.M) { testenv.Main(m) }
