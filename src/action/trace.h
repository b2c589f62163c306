/* Time-independent trace recording: one line per action and rank, in
 * SimGrid's TI format (an index file listing one file per rank). */
#ifndef SIMPI_TRACE_H
#define SIMPI_TRACE_H
#include "../core/datatype.h"

/* How SMPI's traces write the wildcards of receives. */
#define TI_ANY_SOURCE (-333)
#define TI_ANY_TAG (-444)

extern int trace_on;
/* Starts recording into path (the index) and path_files/ for nranks ranks. */
int trace_open(const char *path, int nranks, char *err, size_t errlen);
/* Records lines for the OTF2 archive only (simrun --otf2 without --trace-ti): no files. */
int trace_open_lines(int nranks);
/* Appends "<rank> <formatted>\n" to the rank's file. */
void trace_line(int rank, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same, without printf, for the frequent lines: "<rank> WORD V1 .. Vn[SUFFIX]\n". */
void trace_ints(int rank, const char *word, int n, const long *v, const char *suffix);
void trace_close(void);
/* Closes a trace whose run ends early: each rank that has not ended gets a
 * last line "# stopped: WHY" (the reader skips it; its replay then says
 * that the trace stops there, and why). */
void trace_close_stopped(const char *why);
/* Simulated time the rank spent outside any action (MPI_Wtime's smpi/wtime):
 * written as one "sleep" line before its next line. */
void trace_sleep_later(int rank, double seconds);
/* Keeps the rank's last line in memory until trace_patch(rank, mark, text,
 * replace) appends text to it, or replaces what follows its rank with text
 * (text NULL: leaves it as is); returns the mark (from 1), -1 if the rank
 * has no line in memory. */
long long trace_hold_last(int rank);
void trace_patch(int rank, long long mark, const char *text, int replace);
/* SMPI's id of a datatype, and the count to write for count elements of it
 * (derived types are written as bytes). */
int trace_type(const dt_t *t, long count, long *out_count);
/* The datatype of an SMPI id, MPI_DATATYPE_NULL if unknown (exported for simpi-replay). */
__attribute__((visibility("default"))) MPI_Datatype simpi_trace_datatype(int smpi_id);
/* A sleep line: the rank waits (recorded as a sleep again; exported for simpi-replay). */
__attribute__((visibility("default"))) void simpi_trace_sleep(double seconds);
/* The replayer's next irecv, posted for the match a wildcard receive had,
 * is recorded as that wildcard receive (any: 1 source, 2 tag). */
__attribute__((visibility("default"))) void simpi_trace_wildcard(int any);
/* The replayer's next one-sided operation, on a dynamic window, targets the
 * region its target attached as the region-th (from 0): its displacement is
 * an offset in that region. */
__attribute__((visibility("default"))) void simpi_trace_region(int region);
/* The replayer's next window, made with MPI_Win_allocate or create_dynamic,
 * is recorded as the program's was (its win_create line's unit and flavor). */
__attribute__((visibility("default"))) void simpi_trace_window(int disp_unit, int flavor);
/* Replay of the topology lines comm_cart and comm_adjacent (src/mpi/topo.c):
 * the topology put on a communicator that a comm_split line rebuilt. */
__attribute__((visibility("default"))) void simpi_trace_cart(MPI_Comm comm, int ndims, const int dims[],
                                                             const int periods[]);
__attribute__((visibility("default"))) void simpi_trace_adjacent(MPI_Comm comm, int nin, const int in[], int nout,
                                                                 const int out[]);
/* The replayer's files: neither read nor written (io/data:no), and an open finds any file it names (io_act.c). */
__attribute__((visibility("default"))) void simpi_trace_files(void);
/* The replayer's next MPI_File_open fails with error class cls, as the recorded one did. */
__attribute__((visibility("default"))) void simpi_trace_file_error(int cls);
/* The replayer stops at an error in a trace: prints msg, ends the run with status 1. */
__attribute__((visibility("default"), noreturn)) void simpi_trace_fail(const char *msg);
/* The replayer of an OTF2 trace: the flops one second of traced computation is worth
 * (smpi/host-speed), and the records it skipped, by kind (summed over the ranks and said
 * in one line per kind at the end of the run, trace_report_skipped). */
__attribute__((visibility("default"))) double simpi_trace_host_speed(void);
__attribute__((visibility("default"))) void simpi_trace_skipped(const char *kind, long n);
void trace_report_skipped(void);
/* The replayer says which trace line it performs (for deadlock reports); file NULL: a line of
 * the file the last call named. */
__attribute__((visibility("default"))) void simpi_trace_position(const char *file, long line);
#endif
