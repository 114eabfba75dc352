package solvestats

import (
	"io"
	"sync"
)

// Run calls solve for every index 0 … n-1, on workers goroutines at once,
// and returns the outcomes by index. solve must be safe for concurrent
// use. While it runs, a progress bar is drawn on progress when that is a
// terminal (see ProgressBar).
func Run(n, workers int, progress io.Writer, solve func(i int) Outcome) []Outcome {
	out := make([]Outcome, n)
	jobs := make(chan int)
	var wg sync.WaitGroup
	var doneMu sync.Mutex
	done := 0
	bar := ProgressBar(progress)
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				out[i] = solve(i)
				doneMu.Lock()
				done++
				bar(done, n)
				doneMu.Unlock()
			}
		}()
	}
	for i := range n {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	bar(-1, n)
	return out
}
