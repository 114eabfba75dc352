package solvestats

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// ProgressBar returns a function that draws done/n on w when w is a
// terminal (an *os.File on a character device), and does nothing
// otherwise; done < 0 clears the line. It draws at most every 100 ms,
// and always the last step. The function is not safe for concurrent use.
func ProgressBar(w io.Writer) func(done, n int) {
	f, ok := w.(*os.File)
	if !ok {
		return func(int, int) {}
	}
	if fi, err := f.Stat(); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return func(int, int) {}
	}
	last := time.Time{}
	return func(done, n int) {
		if done < 0 {
			fmt.Fprint(f, "\r\033[K")
			return
		}
		if time.Since(last) < 100*time.Millisecond && done != n {
			return
		}
		last = time.Now()
		const width = 40
		fill := width * done / max(n, 1)
		fmt.Fprintf(f, "\r[%s%s] %d/%d", strings.Repeat("#", fill), strings.Repeat(".", width-fill), done, n)
	}
}
