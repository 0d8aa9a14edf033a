package rules

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// The garbage collector took a fifth of the CPU time of a 50,000-line check
// (the heap grows to 400 MB of facts, and GOGC=100 marks it again at every
// doubling). While facts are extracted and evaluated, gcRelaxed lets the
// heap grow to 5x the live data (GOGC=400) but no further than a memory
// limit of 768 MiB, or 3x the live heap (as the last collection found it)
// when it starts if that is more
// (a program too large for 800 MiB then collects as if GOGC were 200
// instead of thrashing at the limit). The settings GOGC and GOMEMLIMIT of
// the environment win: with either set, nothing changes.

var gcState struct {
	sync.Mutex
	users            int
	prevPct, prevLim int64
	envSet           bool
	envOnce          sync.Once
}

const (
	gcPercent  = 400
	gcMinLimit = 768 << 20
)

// gcRelaxed applies the settings above and returns the function that
// restores the previous ones (concurrent users share them: the last one
// restores).
func gcRelaxed() func() {
	gcState.envOnce.Do(func() {
		gcState.envSet = os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != ""
	})
	if gcState.envSet {
		return func() {}
	}
	gcState.Lock()
	defer gcState.Unlock()
	gcState.users++
	if gcState.users == 1 {
		limit := int64(gcMinLimit)
		live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		metrics.Read(live)
		if live[0].Value.Kind() == metrics.KindUint64 {
			if l := 3 * int64(live[0].Value.Uint64()); l > limit {
				limit = l
			}
		}
		gcState.prevLim = debug.SetMemoryLimit(limit)
		gcState.prevPct = int64(debug.SetGCPercent(gcPercent))
	}
	return func() {
		gcState.Lock()
		defer gcState.Unlock()
		gcState.users--
		if gcState.users == 0 {
			debug.SetGCPercent(int(gcState.prevPct))
			debug.SetMemoryLimit(gcState.prevLim)
		}
	}
}
