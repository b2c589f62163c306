/* SMPI's Fortran spellings of its extensions: SMPI 3.32 offers
 * smpi_execute_flops, smpi_execute and their _benched forms to Fortran
 * (its sampling and shared-malloc macros are C only), with the argument by
 * reference. */
#include "fortran.h"
#include <smpi/smpi.h>

FT_API void smpi_execute_flops_(double *flops) { smpi_execute_flops(*flops); }
FT_API void smpi_execute_flops_benched_(double *flops) { smpi_execute_flops_benched(*flops); }
FT_API void smpi_execute_(double *seconds) { smpi_execute(*seconds); }
FT_API void smpi_execute_benched_(double *seconds) { smpi_execute_benched(*seconds); }
