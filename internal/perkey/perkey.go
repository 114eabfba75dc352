// Package perkey bounds what each key (a client: an address) holds at
// once: connections, games waiting for analysis.
package perkey

import "sync"

// Counter counts what each key holds, up to Max. The key "" (no client
// named) is never counted nor refused. The zero value with Max set is
// ready; it is safe for concurrent use.
type Counter struct {
	Max int

	mu sync.Mutex
	n  map[string]int
}

// Take counts n more for key and reports true, unless key holds some
// already and n more would take it past Max: then it counts nothing and
// reports false. A key that holds nothing is always taken, however
// large n.
func (c *Counter) Take(key string, n int) bool {
	if key == "" || n <= 0 {
		return true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if have := c.n[key]; have > 0 && have+n > c.Max {
		return false
	}
	if c.n == nil {
		c.n = make(map[string]int)
	}
	c.n[key] += n
	return true
}

// Release forgets one of what key holds, which Take counted.
func (c *Counter) Release(key string) {
	if key == "" {
		return
	}
	c.mu.Lock()
	if c.n[key]--; c.n[key] <= 0 {
		delete(c.n, key)
	}
	c.mu.Unlock()
}
