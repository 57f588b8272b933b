/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Time per path in the reports: the times that a build with
   -fplugin-arg-pathprof-metric=cycles (or =ns) stores beside each
   path's count (doc/file-format.md, PPF_FILE_TIME), in the one unit the
   reports compare them in.

   A path's time is the sum, over its executions, of the time from its
   start to its end, callees included (doc/plugin.md, "Time per path").
   Files measure in time-stamp counter ticks or in nanoseconds.  The
   reports show seconds when every timed function of the input can be
   converted (its file knows the counter's frequency); otherwise the raw
   unit, "ticks" or "ns", when all share one; shares are then still
   exact.  Inputs that mix ticks of unknown frequency with another unit
   cannot be compared: their times are shown, and shares are of the
   functions in the first timed file's unit only.  */

#ifndef PATHPROF_REPORT_TIMING_H
#define PATHPROF_REPORT_TIMING_H

#include <stdbool.h>
#include <stdint.h>

#include "profile-data.h"

/* Room for a formatted time: "123.4 ms", "1.23e+20 ticks".  */
#define REPORT_TIME_SIZE 32

/* Whether FN's paths carry times.  */
bool report_function_timed (const report_function *fn);
/* The units of DATA's times once loaded: fills data->has_time,
   time_in_seconds, time_unit and total_time.  */
void report_time_finish (report_data *data);
/* RAW, a time of FN's file, in DATA's report unit (seconds, or the raw
   unit); negative when it cannot be converted (see above).  */
long double report_time_value (const report_data *data,
			       const report_function *fn, uint64_t raw);
/* The sum of FN's path times in DATA's report unit; negative when FN
   has no times or they cannot be converted (as report_time_value).  */
long double report_time_function_total (const report_data *data,
					const report_function *fn);
/* VALUE in DATA's unit as text: "1.23 ms", "456 ns", "1.2M ticks";
   "-" when negative.  */
void report_time_format (char buf[REPORT_TIME_SIZE], const report_data *data,
			 long double value);
/* "s", "ticks" or "ns": DATA's report unit, for the JSON and TSV.  */
const char *report_time_unit_name (const report_data *data);

#endif /* PATHPROF_REPORT_TIMING_H */
