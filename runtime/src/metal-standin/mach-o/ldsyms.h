// Stand-in of <mach-o/ldsyms.h> (see ../README.md): the header of the
// executable, which the static linker defines.
#ifndef FGPU_STANDIN_MACHO_LDSYMS_H
#define FGPU_STANDIN_MACHO_LDSYMS_H
#include <mach-o/loader.h>
#ifdef __cplusplus
extern "C" {
#endif
extern const struct mach_header_64 _mh_execute_header;
#ifdef __cplusplus
}
#endif
#endif
