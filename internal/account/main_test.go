package account_test

import (
	"testing"

	"github.com/solitaire-race/racer/internal/testenv"
)

func TestMain(m *testing.M) { testenv.Main(m) }
