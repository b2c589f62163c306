/* <smpi.h>: the same as <smpi/smpi.h>. */
#include <smpi/smpi.h>
