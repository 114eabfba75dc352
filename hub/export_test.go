package hub

import "testing"

// SetSearchHook runs f before each stuck search of the move path, with
// the race and the racer, outside the race's lock, until t ends. Tests
// that set it filter on their own race: other tests' moves call it too.
func SetSearchHook(t testing.TB, f func(race, racer string)) {
	searchHook.Store(&f)
	t.Cleanup(func() { searchHook.Store(nil) })
}

// ArenaChannel is the broker channel of an arena's announcements.
func ArenaChannel(id string) string { return arenaChannel(id) }
