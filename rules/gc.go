package rules

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"time"
)

// The garbage collector took a fifth of the CPU time of a 50,000-line check
// (the heap grows to 400 MB of facts, and GOGC=100 marks it again at every
// doubling). While facts are extracted and evaluated, gcRelaxed lets the
// heap grow to 5x the live data (GOGC=400) but no further than a memory
// limit of 768 MiB. A program whose live heap outgrows 60% of that limit
// would make the collector run without pause at the limit: once a watcher
// sees that, GOGC comes back to its default (100) under a limit of
// 2.5 GiB (a 200,000-line check's live heap is about 1.3 GB: without the
// limit the heap grew to 3.1 GB, with it 2.4 GB at the same CPU time),
// and once the live heap outgrows 80% of that one, no limit (the
// defaults) for the rest of the phase. GOGC or GOMEMLIMIT in the
// environment win: with either set, nothing changes.

const (
	gcPercent    = 400
	gcLimit      = 768 << 20
	gcLargeLimit = 2560 << 20
	gcLiveShare  = 0.6
	gcLargeShare = 0.8
)

var gcState struct {
	sync.Mutex
	users            int
	prevPct, prevLim int64
	relaxed          bool
	large            bool // GOGC at its default, under gcLargeLimit
	stop             chan struct{}
	envSet           bool
	envOnce          sync.Once
}

// liveHeap is the heap the last collection found live.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

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
	if live := float64(liveHeap()); gcState.users == 1 && live < gcLargeShare*gcLargeLimit {
		// (A phase that starts with a live heap past the first limit's
		// share, the evaluation of a large program, starts at the large
		// limit.)
		large := live >= gcLiveShare*gcLimit
		pct, lim := gcPercent, int64(gcLimit)
		if large {
			pct, lim = debug.SetGCPercent(-1), gcLargeLimit
			debug.SetGCPercent(pct)
		}
		gcState.prevLim = debug.SetMemoryLimit(lim)
		gcState.prevPct = int64(debug.SetGCPercent(pct))
		gcState.relaxed, gcState.large = true, large
		gcState.stop = make(chan struct{})
		go gcWatch(gcState.stop)
	}
	return func() {
		gcState.Lock()
		defer gcState.Unlock()
		gcState.users--
		if gcState.users == 0 && gcState.relaxed {
			close(gcState.stop)
			gcDefaults()
		}
	}
}

// gcDefaults restores the settings gcRelaxed found (with gcState held).
func gcDefaults() {
	debug.SetGCPercent(int(gcState.prevPct))
	debug.SetMemoryLimit(gcState.prevLim)
	gcState.relaxed, gcState.large = false, false
}

// gcWatch moves to the large limit once the live heap outgrows its share
// of the first, and restores the defaults once it outgrows its share of
// the large one.
func gcWatch(stop chan struct{}) {
	t := time.NewTicker(20 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			live := float64(liveHeap())
			gcState.Lock()
			done := false
			select {
			case <-stop: // restored already
				done = true
			default:
				switch {
				case !gcState.relaxed:
					done = true
				case live >= gcLargeShare*gcLargeLimit:
					gcDefaults()
					done = true
				case !gcState.large && live >= gcLiveShare*gcLimit:
					debug.SetGCPercent(int(gcState.prevPct))
					debug.SetMemoryLimit(gcLargeLimit)
					gcState.large = true
				}
			}
			gcState.Unlock()
			if done {
				return
			}
		}
	}
}
