package tt

import "testing"

func TestInsertContains(t *testing.T) {
	tab := New(0)
	for _, tc := range []struct {
		k     uint64
		added bool
	}{{5, true}, {5, false}, {0, true}, {1, false}, {0, false}, {1 << 40, true}} {
		added, full := tab.Insert(tc.k)
		if added != tc.added || full {
			t.Errorf("Insert(%d): got %v, %v; want %v, false", tc.k, added, full, tc.added)
		}
		if !tab.Contains(tc.k) {
			t.Errorf("Contains(%d) after Insert: got false, want true", tc.k)
		}
	}
	if tab.Contains(7) {
		t.Error("Contains(7): got true, want false")
	}
	if tab.Len() != 3 {
		t.Errorf("Len: got %d, want 3 (0 and 1 are one key)", tab.Len())
	}
}

func TestGrowsThenFills(t *testing.T) {
	tab := New(1 << 20) // 1 MiB: up to 131,072 slots of 8 bytes, 3/4 of them used
	const want = 3 * (1 << 17) / 4
	n := 0
	for k := uint64(1); ; k++ {
		added, full := tab.Insert(k * 0x9E3779B97F4A7C15)
		if full {
			break
		}
		if !added {
			t.Fatalf("key %d: not added, want new", k)
		}
		n++
	}
	if n != want-1 && n != want {
		t.Errorf("filled after %d keys, want about %d", n, want)
	}
	if tab.Bytes() > 1<<20 {
		t.Errorf("Bytes: got %d, want at most 1 MiB", tab.Bytes())
	}
	if added, full := tab.Insert(1 * 0x9E3779B97F4A7C15); added || full {
		t.Errorf("a known key in a full table: got added %v, full %v; want false, false", added, full)
	}
	for k := uint64(1); k <= uint64(n); k++ {
		if !tab.Contains(k * 0x9E3779B97F4A7C15) {
			t.Fatalf("key %d lost", k)
		}
	}
}

func TestReset(t *testing.T) {
	tab := New(1 << 24)
	for k := uint64(1); k <= 100_000; k++ {
		tab.Insert(k)
	}
	big := tab.Bytes()
	tab.Reset()
	if tab.Len() != 0 || tab.Contains(5) || tab.Bytes() != big {
		t.Errorf("Reset: got %d keys, %d bytes; want 0 keys, the memory kept (%d)", tab.Len(), tab.Bytes(), big)
	}
	for k := uint64(1); k <= 100_000; k++ {
		tab.Insert(k)
	}
	tab.ResetFor(1000)
	if tab.Len() != 0 || tab.Contains(5) || tab.Bytes() >= big {
		t.Errorf("ResetFor(1000): got %d keys, %d bytes; want 0 keys, less than %d", tab.Len(), tab.Bytes(), big)
	}
	tab.ResetFor(1 << 30)
	if tab.Len() != 0 {
		t.Errorf("ResetFor(1<<30): got %d keys, want 0", tab.Len())
	}
}
