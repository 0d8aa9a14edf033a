module fgpu

go 1.26

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/dominikbraun/graph v0.23.0
	github.com/google/go-cmp v0.7.0
	github.com/google/mangle v0.4.0
)

require (
	bitbucket.org/creachadair/stringset v0.0.11 // indirect
	github.com/antlr4-go/antlr/v4 v4.13.1 // indirect
	go.uber.org/multierr v1.11.0 // indirect
	golang.org/x/exp v0.0.0-20240707233637-46b078467d37 // indirect
)
