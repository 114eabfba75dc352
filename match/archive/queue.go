package archive

import (
	"context"
	"time"

	"github.com/solitaire-race/racer/match/rating"
	"github.com/solitaire-race/racer/match/replay"
)

// Queue is the outbox of finished races waiting for the archive: pushed
// when a race ends, drained by Archivers. An item claimed by a consumer
// that never marks it done (its node died) is claimed again by another
// once it has been idle for the queue's MinIdle, so nothing pushed is
// lost; the archive's write is idempotent, so nothing is archived twice.
// Implementations are safe for concurrent use.
type Queue interface {
	// Push adds the race of rp with the rating changes it made, if any;
	// a race pushed again while it is still queued is not added twice
	// (one pushed with changes and one without are two items).
	Push(ctx context.Context, rp replay.Replay, ratings ...rating.Change) error
	// Claim returns up to n items for consumer: items idle for MinIdle
	// after another consumer claimed them first, else new ones, waiting
	// up to wait for one. No item is an empty slice, not an error.
	Claim(ctx context.Context, consumer string, n int, wait time.Duration) ([]Item, error)
	// Done removes items from the queue.
	Done(ctx context.Context, items ...Item) error
	// Oldest returns when the oldest item still queued was pushed, or
	// the zero time when the queue is empty.
	Oldest(ctx context.Context) (time.Time, error)
}

// Item is one queued race.
type Item struct {
	// ID names the item in its queue.
	ID string
	// Race is the race's ID.
	Race string
	// Replay is the race to archive; zero when Err is set.
	Replay replay.Replay
	// Ratings are the rating changes the race made, as pushed.
	Ratings []rating.Change
	// Err reports an item whose replay does not decode: the archiver
	// logs and drops it.
	Err error
	// rated is set when the item was pushed with rating changes, even
	// if they do not decode: it keys the item's marker.
	rated bool
}

// DefaultMinIdle is how long a claimed item stays with its consumer
// before another may claim it, unless a queue's config says otherwise.
const DefaultMinIdle = 30 * time.Second

// queueKey is what tells two pushes of a race apart in a queue: its ID,
// marked when the push carries rating changes.
func queueKey(race string, rated bool) string {
	if rated {
		return race + "+ratings"
	}
	return race
}
