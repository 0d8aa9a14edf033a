module fgpu

go 1.26

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	github.com/dominikbraun/graph v0.23.0 // indirect
	github.com/google/go-cmp v0.7.0 // indirect
	github.com/google/mangle v0.4.0 // indirect
)
