package hub

import "sync"

// playerConns lists each player's connections on this node in the order
// of their hellos. A player with several tabs open has one seat per race
// (the session epoch fences the others out), so a race that starts is
// seated on the newest of them: the tab the player opened last, not
// whichever connection's goroutine happens to join last.
type playerConns struct {
	mu sync.Mutex
	by map[string][]*conn
}

// add records c, which has just said hello as player.
func (pc *playerConns) add(player string, c *conn) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if pc.by == nil {
		pc.by = make(map[string][]*conn)
	}
	pc.by[player] = append(pc.by[player], c)
}

// remove forgets c, a connection of player that has ended.
func (pc *playerConns) remove(player string, c *conn) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	cs := pc.by[player]
	for i, x := range cs {
		if x == c {
			cs = append(cs[:i], cs[i+1:]...)
			break
		}
	}
	if len(cs) == 0 {
		delete(pc.by, player)
		return
	}
	pc.by[player] = cs
}

// newest reports whether c is player's newest connection on this node.
func (pc *playerConns) newest(player string, c *conn) bool {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	cs := pc.by[player]
	return len(cs) > 0 && cs[len(cs)-1] == c
}
