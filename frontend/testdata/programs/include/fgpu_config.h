/* Shared configuration header for the .F90 preprocessor tests. */
#ifndef FGPU_CONFIG_H
#define FGPU_CONFIG_H

#define USE_DOUBLE 1
#define USE_DO_CONCURRENT
#define NX_DEFAULT 256
#define VERSION_STRING "fgpu-test-1.0"

#ifdef USE_DOUBLE
#define REAL_KIND real64
#define REAL_TYPE real(real64)
#else
#define REAL_KIND real32
#define REAL_TYPE real(real32)
#endif

#define SQR(x) ((x)*(x))
#define IDX(i, j, n) ((j - 1) * (n) + (i))

#endif
