// Stand-in of <mach-o/dyld.h> (see ../README.md).
#ifndef FGPU_STANDIN_MACHO_DYLD_H
#define FGPU_STANDIN_MACHO_DYLD_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
extern int _NSGetExecutablePath(char* buf, uint32_t* bufsize);
#ifdef __cplusplus
}
#endif
#endif
