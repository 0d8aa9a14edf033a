package crmath

import "math/big"

// The big.Float functions behind Eval, for generators of tables (the
// correctly rounded kernel functions of emit/crmath take their tables from
// them): each result carries prec bits, accurate to a few units of the
// last (prec should exceed the bits wanted by 20 or more).

// BigExp is e^x.
func BigExp(x *big.Float, prec uint) *big.Float { return ctx{prec: prec}.exp(x) }

// BigLog is ln x, x > 0.
func BigLog(x *big.Float, prec uint) *big.Float { return ctx{prec: prec}.log(x) }

// BigAtan is atan x.
func BigAtan(x *big.Float, prec uint) *big.Float { return ctx{prec: prec}.atan(x) }

// BigSinCos is sin x and cos x.
func BigSinCos(x *big.Float, prec uint) (sin, cos *big.Float) { return ctx{prec: prec}.sincos(x) }

// BigPi is pi.
func BigPi(prec uint) *big.Float { return new(big.Float).Copy(ctx{prec: prec}.pi()) }

// BigLn2 is ln 2.
func BigLn2(prec uint) *big.Float { return new(big.Float).Copy(ctx{prec: prec}.ln2()) }
